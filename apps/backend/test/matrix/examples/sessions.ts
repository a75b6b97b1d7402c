import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { openSession } from '../../../src/auth/sessions.js';
import { profiles } from '../../../src/db/schema.js';
import { messages } from '../../../src/http/messages.js';
import type { Fixtures } from '../roles.js';
import { refusedWith } from './shared.js';
import type { Build, CaseInput, Example, ForeignExample } from './types.js';
import { freshUser } from './users.js';

/** A fresh account of the profile. */
async function userOf(fx: Fixtures, profileName: string) {
  const [profile] = await fx.ctx.db.select().from(profiles).where(eq(profiles.name, profileName));
  return freshUser(fx, profile);
}

/** An open session of a fresh account of the profile, opened by `impersonator` if given. */
async function sessionOf(fx: Fixtures, profileName: string, impersonator?: number) {
  const user = await userOf(fx, profileName);
  return openSession(fx.ctx.db, user.id, { impersonatorId: impersonator ?? null });
}

/** Another open session of the caller (the anonymous case: of the other agent). */
const ownSession = async ({ fx, caller }: CaseInput) =>
  `/sessions/${await openSession(fx.ctx.db, (caller ?? fx.otherAgent).userId)}`;

/** An agent changing the id to another user's: the router's refusal, whether it exists or not. */
const anotherUsers = (path: Build): ForeignExample => ({
  request: path,
  status: 403,
  check: refusedWith(messages.accessDenied),
});

const UNKNOWN_SESSION = '/sessions/00000000-0000-4000-8000-000000000000';

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
  // Self-service: `request` is the caller's own account, `otherAccount` another user's.
  'main:listUserSessions': {
    request: ({ fx, caller }) => ({ path: `/users/${(caller ?? fx.agent).userId}/sessions` }),
    otherAccount: ({ fx }) => ({ path: `/users/${fx.agent.userId}/sessions` }),
    foreign: [
      anotherUsers(({ fx }) => ({ path: `/users/${fx.otherAgent.userId}/sessions` })),
      anotherUsers(({ fx }) => ({ path: `/users/${fx.admin.userId}/sessions` })),
      anotherUsers(() => ({ path: '/users/2147483647/sessions' })),
    ],
    beyondRights: 'a read; ending one of the sessions is the act (DELETE /sessions/{id})',
  },
  'main:endUserSessions': {
    // Keeps the caller's own session: the fixtures' token goes on.
    request: ({ fx, caller }) => ({ path: `/users/${(caller ?? fx.agent).userId}/sessions` }),
    // A fresh account: ending the fixtures' sessions would sign the other callers out.
    otherAccount: async ({ fx }) => ({
      path: `/users/${(await userOf(fx, 'ROLE_MATRICE - SANS COMPOSANT')).id}/sessions`,
    }),
    foreign: [
      anotherUsers(({ fx }) => ({ path: `/users/${fx.otherAgent.userId}/sessions` })),
      anotherUsers(() => ({ path: '/users/2147483647/sessions' })),
    ],
    beyondRights: [
      {
        request: async ({ fx }) => ({
          path: `/users/${(await userOf(fx, 'ROLE_ADMIN')).id}/sessions`,
        }),
        status: 403,
        check: refusedWith(messages.morePrivilegedUser),
      },
      {
        request: async ({ fx }) => ({
          path: `/users/${(await userOf(fx, 'ROLE_MATRICE - SANS COMPOSANT')).id}/sessions`,
        }),
        status: 200,
      },
    ],
  },
  'main:endSession': {
    request: async (input) => ({ path: await ownSession(input) }),
    otherAccount: async ({ fx }) => ({
      path: `/sessions/${decodeJwt(await fx.ctx.login(fx.otherAgent.email)).sid as string}`,
    }),
    foreign: [
      anotherUsers(async ({ fx }) => ({
        path: `/sessions/${await openSession(fx.ctx.db, fx.otherAgent.userId)}`,
      })),
      anotherUsers(() => ({ path: UNKNOWN_SESSION })),
    ],
    beyondRights: [
      {
        request: async ({ fx }) => ({ path: `/sessions/${await sessionOf(fx, 'ROLE_ADMIN')}` }),
        status: 403,
        check: refusedWith(messages.morePrivilegedUser),
      },
      // An administrator viewing the portal as an account below the caller.
      {
        request: async ({ fx }) => ({
          path: `/sessions/${await sessionOf(fx, 'ROLE_MATRICE - SANS COMPOSANT', fx.admin.userId)}`,
        }),
        status: 403,
        check: refusedWith(messages.morePrivilegedUser),
      },
      {
        request: async ({ fx }) => ({
          path: `/sessions/${await sessionOf(fx, 'ROLE_MATRICE - SANS COMPOSANT')}`,
        }),
        status: 204,
      },
    ],
  },
};
