import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import {
  confirmEnrolment,
  issueChallenge,
  startEnrolment,
} from '../../../src/auth/second-factor.js';
import { profiles } from '../../../src/db/schema.js';
import { messages } from '../../../src/http/messages.js';
import type { Fixtures } from '../roles.js';
import { refusedWith } from './shared.js';
import type { Example } from './types.js';
import { freshUser } from './users.js';

/** A fresh account of the profile (Communication's unless said) with a confirmed factor. */
async function enrolledUser(fx: Fixtures, profileName = 'ROLE_COMMUNICATION') {
  const [profile] = await fx.ctx.db.select().from(profiles).where(eq(profiles.name, profileName));
  const user = await freshUser(fx, profile);
  const deps = { db: fx.ctx.db, config: fx.ctx.config };
  const { secret } = await startEnrolment(deps, user);
  await confirmEnrolment(deps, user.id, await generate({ secret }));
  return { user, secret };
}

/** Authorization-matrix examples of the second-factor operations (spread into EXAMPLES). */
export const secondFactorExamples: Record<string, Example> = {
  'main:verifySecondFactor': {
    // The next step's code: the confirmation took the current one.
    request: async ({ fx }) => {
      const { user, secret } = await enrolledUser(fx);
      const { challenge } = await issueChallenge(fx.ctx.db, user.id, 'code');
      const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
      return { path: '/token/second_factor', body: { challenge, code } };
    },
    foreign: 'public; the challenge names the account',
  },
  'main:startSecondFactorEnrolmentAtSignIn': {
    request: async ({ fx }) => {
      const user = await freshUser(fx);
      const { challenge } = await issueChallenge(fx.ctx.db, user.id, 'enrol');
      return { path: '/token/second_factor/enrolment', body: { challenge } };
    },
    foreign: 'public; the challenge names the account',
  },
  'main:getSecondFactor': {
    request: () => ({ path: '/me/second_factor' }),
    foreign: 'the caller only',
  },
  'main:startSecondFactorEnrolment': {
    // Starting leaves an enrolment under way, which protects nothing until confirmed.
    request: () => ({ path: '/me/second_factor' }),
    foreign: 'the caller only',
  },
  'main:confirmSecondFactorEnrolment': {
    // A wrong code, past the access checks: nothing is switched on.
    request: async ({ fx, caller }) => {
      if (caller) await fx.ctx.api('POST', '/me/second_factor', { token: caller.token });
      return { path: '/me/second_factor/confirmation', body: { code: 'abcdef' } };
    },
    success: 422,
    foreign: 'the caller only',
  },
  'main:regenerateSecondFactorRecoveryCodes': {
    // The matrix's callers have no factor: past the access checks, the 409 that says so (the
    // success itself: test/second-factor.test.ts).
    request: () => ({ path: '/me/second_factor/recovery_codes', body: { code: '123456' } }),
    success: 409,
    foreign: 'the caller only',
  },
  'main:getUserSecondFactor': {
    request: ({ fx }) => ({ path: `/users/${fx.agent.userId}/second_factor` }),
    foreign: 'staff only, not an agent record',
    beyondRights: 'a read; resetting the factor is the act (DELETE /users/{id}/second_factor)',
  },
  'main:resetUserSecondFactor': {
    request: async ({ fx }) => ({
      path: `/users/${(await enrolledUser(fx)).user.id}/second_factor`,
    }),
    foreign: 'staff only, not an agent record',
    beyondRights: [
      {
        request: async ({ fx }) => ({
          path: `/users/${(await enrolledUser(fx, 'ROLE_ADMIN')).user.id}/second_factor`,
        }),
        status: 403,
        check: refusedWith(messages.morePrivilegedUser),
      },
      {
        request: async ({ fx }) => ({
          path: `/users/${(await enrolledUser(fx, 'ROLE_MATRICE - SANS COMPOSANT')).user.id}/second_factor`,
        }),
        status: 204,
      },
    ],
  },
};
