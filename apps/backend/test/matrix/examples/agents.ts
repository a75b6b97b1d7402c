import type { Example } from './types.js';

export const agentExamples: Record<string, Example> = {
  'main:getCgp': {
    request: ({ fx, caller }) => ({
      path: `/cgp/${caller === fx.agent ? 'CGP0001' : 'CGP0002'}`,
    }),
    foreign: { request: ({ fx }) => ({ path: `/cgp/${fx.foreignCgpId}` }), status: 404 },
  },
};
