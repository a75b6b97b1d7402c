import { eq } from 'drizzle-orm';
import { agents } from '../../../src/db/schema.js';
import type { Fixtures } from '../roles.js';
import { nothingOutOfScope } from './shared.js';
import type { Example } from './types.js';

async function agentIdOf(fx: Fixtures, cgpId: string) {
  const [row] = await fx.ctx.db.select().from(agents).where(eq(agents.cgpId, cgpId));
  return row!.id;
}

export const agentExamples: Record<string, Example> = {
  'main:getConsultantReference': {
    // Claire's downline (CGP0002): in her scope and in staff's.
    request: async ({ fx }) => ({ path: `/consultants/${await agentIdOf(fx, 'CGP0002')}` }),
    foreign: {
      request: async ({ fx }) => ({ path: `/consultants/${await agentIdOf(fx, fx.foreignCgpId)}` }),
      status: 404,
    },
    beyondRights: 'a read of an agent the caller may already pick',
  },
  'main:getCgp': {
    request: ({ fx, caller }) => ({
      path: `/cgp/${caller === fx.agent ? 'CGP0001' : 'CGP0002'}`,
    }),
    foreign: { request: ({ fx }) => ({ path: `/cgp/${fx.foreignCgpId}` }), status: 404 },
  },
  'main:listConsultantReferences': {
    request: () => ({ path: '/consultants?fullName=mart&pagination=false' }),
    // Outside Claire's downline: found by its CGP id, yet not in her picker.
    foreign: {
      request: ({ fx }) => ({ path: `/consultants?idCgp=${fx.foreignCgpId}&pagination=false` }),
      status: 200,
      check: nothingOutOfScope,
    },
    beyondRights: 'a read of the agents (the user form looks a CGP id up)',
  },
};
