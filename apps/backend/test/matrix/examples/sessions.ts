import { decodeJwt } from 'jose';
import type { Example } from './types.js';

/** Authorization-matrix examples of the sessions operations (spread into EXAMPLES). */
export const sessionExamples: Record<string, Example> = {
  'main:logout': {
    // A fresh sign-in of the caller, so that the fixtures' own tokens stay valid.
    request: async ({ fx, caller }) => ({
      path: '/logout',
      ...(caller ? { token: await fx.ctx.login(caller.email) } : {}),
    }),
    foreign: 'the token names the session',
  },
  'main:changePassword': {
    // A wrong current password: past the access checks, and no session of the caller ends.
    request: () => ({
      path: '/me/password',
      body: { currentPassword: 'pas-le-bon', newPassword: 'Nouveau2026!' },
    }),
    success: 422,
    foreign: 'the caller only',
  },
  'main:listUserSessions': {
    request: ({ fx }) => ({ path: `/users/${fx.agent.userId}/sessions` }),
    foreign: 'staff only, not an agent record',
  },
  'main:endSession': {
    request: async ({ fx }) => ({
      path: `/sessions/${decodeJwt(await fx.ctx.login(fx.otherAgent.email)).sid as string}`,
    }),
    foreign: 'staff only, not an agent record',
  },
};
