import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { openSession } from '../../../src/auth/sessions.js';
import { profiles } from '../../../src/db/schema.js';
import { messages } from '../../../src/http/messages.js';
import type { Fixtures } from '../roles.js';
import { refusedWith } from './shared.js';
import type { Example } from './types.js';
import { freshUser } from './users.js';

/** An open session of a fresh account of the profile, opened by `impersonator` if given. */
async function sessionOf(fx: Fixtures, profileName: string, impersonator?: number) {
  const [profile] = await fx.ctx.db.select().from(profiles).where(eq(profiles.name, profileName));
  const user = await freshUser(fx, profile);
  return openSession(fx.ctx.db, user.id, impersonator ?? null);
}

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
    beyondRights: 'a read; ending one of the sessions is the act (DELETE /sessions/{id})',
  },
  'main:endSession': {
    request: async ({ fx }) => ({
      path: `/sessions/${decodeJwt(await fx.ctx.login(fx.otherAgent.email)).sid as string}`,
    }),
    foreign: 'staff only, not an agent record',
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
