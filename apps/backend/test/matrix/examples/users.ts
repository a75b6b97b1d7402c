import { eq } from 'drizzle-orm';
import { users } from '../../../src/db/schema.js';
import type { Caller, Fixtures } from '../roles.js';
import { NOT_AGENT_DATA } from './shared.js';
import type { Example } from './types.js';

async function userIdOf(fx: Fixtures, email: string) {
  const [row] = await fx.ctx.db.select().from(users).where(eq(users.email, email));
  return row!.id;
}

/** An impersonated token of the caller, opened by the administrator. */
async function impersonatedToken(fx: Fixtures, caller: Caller | null) {
  const target = caller && caller !== fx.admin ? caller : fx.communication;
  const response = await fx.ctx.api('GET', `/administration/impersonate-user/${target.userId}`, {
    token: fx.admin.token,
  });
  return response.body.token as string;
}

export const userExamples: Record<string, Example> = {
  'main:listUsers': {
    request: () => ({ path: '/users?page=1&lastName=Martin&order[lastName]=asc' }),
    foreign: 'staff only; agents never list users',
  },
  'main:getUser': {
    request: ({ fx }) => ({ path: `/users/${fx.agent.userId}` }),
    foreign: { request: ({ fx }) => ({ path: `/users/${fx.otherAgent.userId}` }), status: 403 },
  },
  'main:impersonateUser': {
    request: async ({ fx }) => ({
      path: `/administration/impersonate-user/${await userIdOf(fx, fx.agent.email)}`,
    }),
    foreign: {
      request: ({ fx }) => ({ path: `/administration/impersonate-user/${fx.otherAgent.userId}` }),
      status: 403,
    },
  },
  'main:exitImpersonation': {
    // Called with the impersonated token of the caller's own account.
    request: async ({ fx, caller }) => ({
      path: '/administration/impersonate-user/exit',
      ...(caller ? { token: await impersonatedToken(fx, caller) } : {}),
    }),
    foreign: 'the token names the impersonation',
  },
  'main:listImpersonations': {
    request: () => ({ path: '/administration/impersonations' }),
    foreign: NOT_AGENT_DATA,
  },
};
