import { nothingOutOfScope } from './shared.js';
import type { Example } from './types.js';

export const eventExamples: Record<string, Example> = {
  'main:listTeamEvents': {
    request: () => ({ path: '/events/team?exercice=2026&order[ville]=asc' }),
    foreign: [
      { request: ({ fx }) => ({ path: `/events/team?cgpId=${fx.foreignCgpId}` }), status: 403 },
      {
        request: ({ fx }) => ({ path: `/events/team?bddConsultant.idCgp=${fx.foreignCgpId}` }),
        status: 200,
        check: nothingOutOfScope,
      },
    ],
  },
  'main:countTeamEvents': {
    request: () => ({ path: '/events/count?validationFormation=true' }),
    foreign: [
      { request: ({ fx }) => ({ path: `/events/count?cgpId=${fx.foreignCgpId}` }), status: 403 },
      {
        request: ({ fx }) => ({ path: `/events/count?bddConsultant.idCgp=${fx.foreignCgpId}` }),
        status: 200,
        check: nothingOutOfScope,
      },
    ],
  },
  'main:exportTeamEventCounts': {
    request: () => ({ path: '/cgps/export/events?exercice=2026' }),
    foreign: {
      request: ({ fx }) => ({ path: `/cgps/export/events?cgpId=${fx.foreignCgpId}` }),
      status: 403,
    },
  },
  'main:exportTeamEvents': {
    request: () => ({ path: '/cgps/export/eventsDetails?statut_participant=TRAINED' }),
    foreign: {
      request: ({ fx }) => ({ path: `/cgps/export/eventsDetails?cgpId=${fx.foreignCgpId}` }),
      status: 403,
    },
  },
};
