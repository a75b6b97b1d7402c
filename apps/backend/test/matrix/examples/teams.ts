import { nothingOutOfScope } from './shared.js';
import type { Example } from './types.js';

export const teamExamples: Record<string, Example> = {
  'main:listTeamDirectSales': {
    request: () => ({ path: '/cgps/teams/sales/direct?year=2026&order[vave]=desc' }),
    foreign: [
      {
        request: ({ fx }) => ({ path: `/cgps/teams/sales/direct?cgpId=${fx.foreignCgpId}` }),
        status: 403,
      },
      {
        request: ({ fx }) => ({
          path: `/cgps/teams/sales/direct?cgpId=${fx.foreignCgpId}&type=agent`,
        }),
        status: 403,
      },
    ],
  },
  'main:listTeamSales': {
    request: () => ({ path: '/cgps/teams/sales?page=1' }),
    foreign: {
      request: ({ fx }) => ({ path: `/cgps/teams/sales?cgpId=${fx.foreignCgpId}` }),
      status: 403,
    },
  },
  'main:exportTeamSales': {
    request: () => ({ path: '/cgps/teams/sales/export?year=2026' }),
    foreign: {
      request: ({ fx }) => ({ path: `/cgps/teams/sales/export?cgpId=${fx.foreignCgpId}` }),
      status: 403,
    },
  },
  'main:exportTeamData': {
    request: () => ({ path: '/cgps/export/data' }),
    foreign: [
      {
        request: ({ fx }) => ({ path: `/cgps/export/data?cgpId=${fx.foreignCgpId}` }),
        status: 403,
      },
      { request: ({ fx }) => ({ path: `/cgps/export/data?id=${fx.foreignCgpId}` }), status: 403 },
      {
        request: ({ fx }) => ({ path: `/cgps/export/data?sponsor=${fx.foreignCgpId}` }),
        status: 403,
      },
    ],
  },
  'main:exportTeamRealEstate': {
    request: () => ({ path: '/cgps/export/estate?year=2026' }),
    foreign: {
      request: ({ fx }) => ({ path: `/cgps/export/estate?id=${fx.foreignCgpId}` }),
      status: 403,
    },
  },
  'main:exportTeamInvestment': {
    request: () => ({ path: '/cgps/export/investment?year=2026' }),
    foreign: {
      request: ({ fx }) => ({ path: `/cgps/export/investment?sponsor=${fx.foreignCgpId}` }),
      status: 403,
    },
  },
  'main:listTeamAgents': {
    request: () => ({ path: '/cgps/teams/agents?fullName=lefe' }),
    foreign: {
      request: ({ fx }) => ({ path: `/cgps/teams/agents?idCgp=${fx.foreignCgpId}` }),
      status: 200,
      check: nothingOutOfScope,
    },
  },
  'main:listTeamSponsors': {
    request: () => ({ path: '/temp_cgps?fullName=mart&pagination=false' }),
    foreign: [
      { request: ({ fx }) => ({ path: `/temp_cgps?fromAgent=${fx.foreignCgpId}` }), status: 403 },
      {
        request: () => ({ path: '/temp_cgps?fullName=durand&pagination=false' }),
        status: 200,
        check: nothingOutOfScope,
      },
    ],
  },
  'main:getCgpYear': {
    request: () => ({ path: '/cgps/year/2026?team=true' }),
    foreign: {
      request: ({ fx }) => ({ path: `/cgps/year/2026?agentId=${fx.foreignCgpId}` }),
      status: 403,
    },
  },
};
