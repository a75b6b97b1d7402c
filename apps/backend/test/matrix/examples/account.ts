import { multipart, multipartForm, samplePng } from '../../helpers/communication.js';
import type { CaseInput, Example } from './types.js';

/** The caller's own user id (the agent's for the anonymous caller, who never gets that far). */
const ownId = ({ fx, caller }: CaseInput) => (caller ?? fx.agent).userId;

/** Authorization-matrix examples of the account operations (spread into EXAMPLES). */
export const accountExamples: Record<string, Example> = {
  'main:getAccount': {
    request: () => ({ path: '/account' }),
    foreign: 'the caller only: no id in the request',
  },
  'main:changeEmail': {
    // A wrong current password: past the access checks, and nothing changes.
    request: (input) => ({
      path: `/users/change_email/${ownId(input)}`,
      body: { email: 'nouvelle.adresse@example.fr', currentPassword: 'pas-le-bon' },
    }),
    success: 422,
    foreign: {
      request: ({ fx }) => ({
        path: `/users/change_email/${fx.otherAgent.userId}`,
        body: { email: 'vol@example.fr', currentPassword: 'pas-le-bon' },
      }),
      status: 404,
    },
  },
  'main:changeAccountPassword': {
    request: (input) => ({
      path: `/change_password/${ownId(input)}`,
      body: { password: 'Nouveau2026!', currentPassword: 'pas-le-bon' },
    }),
    success: 422,
    foreign: {
      request: ({ fx }) => ({
        path: `/change_password/${fx.otherAgent.userId}`,
        body: { password: 'Nouveau2026!', currentPassword: 'pas-le-bon' },
      }),
      status: 404,
    },
  },
  'main:changePicture': {
    request: async (input) => ({
      path: `/users/change_picture/${ownId(input)}`,
      ...(await multipart('file', samplePng(), 'moi.png')),
    }),
    foreign: {
      request: async ({ fx }) => ({
        path: `/users/change_picture/${fx.otherAgent.userId}`,
        ...(await multipart('file', samplePng(), 'autre.png')),
      }),
      status: 404,
    },
  },
  'main:deleteAccountPicture': {
    request: (input) => ({ path: `/users/change_picture/${ownId(input)}` }),
    success: 204,
    foreign: {
      request: ({ fx }) => ({ path: `/users/change_picture/${fx.otherAgent.userId}` }),
      status: 404,
    },
  },
  'main:createAgentRequest': {
    request: async () => ({
      path: '/agent_request',
      ...(await multipartForm({ title: 'Question de la matrice', content: 'Bonjour' })),
    }),
    foreign: 'the caller only: the request is his',
  },
};
