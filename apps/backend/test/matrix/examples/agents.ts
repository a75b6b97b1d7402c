import { nothingOutOfScope } from './shared.js';
import type { Example } from './types.js';

export const agentExamples: Record<string, Example> = {
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
