import { randomToken, sha256 } from '../../../src/crypto.js';
import { profiles, resetPasswordTokens, users } from '../../../src/db/schema.js';
import type { Example } from './types.js';

export const authExamples: Record<string, Example> = {
  'main:login': {
    request: ({ fx }) => ({
      path: '/token',
      body: { email: fx.admin.email, password: 'Portail2026!' },
    }),
    foreign: 'public sign-in',
  },
  'main:getCurrentUser': { request: () => ({ path: '/me' }), foreign: 'the caller only' },
  'main:createHandoff': { request: () => ({ path: '/auth/handoff' }), foreign: 'the caller only' },
  'main:exchangeHandoff': {
    request: async ({ fx }) => {
      const handoff = await fx.ctx.api('POST', '/auth/handoff', { token: fx.agent.token });
      return { path: '/auth/handoff/exchange', body: { code: handoff.body.code } };
    },
    foreign: 'the code names the session',
  },
  'main:requestPasswordReset': {
    request: () => ({ path: '/reset_password_tokens', body: { email: 'inconnu@example.fr' } }),
    foreign: 'public, answers the same for every address',
  },
  'main:resetPassword': {
    request: async ({ fx }) => {
      // A throw-away account, so that no demo password changes.
      const email = `reset.${fx.unique()}@example.fr`;
      const [user] = await fx.ctx.db
        .insert(users)
        .values({
          email,
          passwordHash: 'x',
          firstName: 'Reset',
          lastName: 'Matrice',
          roles: ['ROLE_COMMUNICATION'],
          profileId: (await fx.ctx.db.select().from(profiles).limit(1))[0]!.id,
        })
        .returning();
      const token = randomToken();
      await fx.ctx.db.insert(resetPasswordTokens).values({
        userId: user!.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      return { path: `/reset_password_tokens/${token}`, body: { password: 'Nouveau2026!' } };
    },
    foreign: 'the token names the account',
  },
};
