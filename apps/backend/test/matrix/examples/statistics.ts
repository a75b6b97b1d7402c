import type { Example } from './types.js';

const STAFF_ONLY =
  'the network statistics are staff-only (statistics components): no agent records';

export const statisticsExamples: Record<string, Example> = {
  'main:getStatisticsTauxUc': {
    request: () => ({ path: '/statistics/taux-uc?year=2025&providerId=1' }),
    foreign: STAFF_ONLY,
  },
  'main:exportStatisticsTauxUc': {
    request: () => ({ path: '/statistics/taux-uc/export?year=2025' }),
    foreign: STAFF_ONLY,
  },
  'main:getStatisticsRealEstate': {
    request: () => ({ path: '/statistics/real-estate?year=2025&type=Pinel' }),
    foreign: STAFF_ONLY,
  },
  'main:exportStatisticsRealEstate': {
    request: () => ({ path: '/statistics/real-estate/export?year=2025' }),
    foreign: STAFF_ONLY,
  },
  'main:getStatisticsInvestments': {
    request: () => ({ path: '/statistics/investments?year=2025' }),
    foreign: STAFF_ONLY,
  },
  'main:exportStatisticsInvestments': {
    request: () => ({ path: '/statistics/investments/export?year=2025&providerId=1' }),
    foreign: STAFF_ONLY,
  },
  'main:getStatisticsTeam': {
    request: () => ({ path: '/statistics/team?year=2025' }),
    foreign: STAFF_ONLY,
  },
  'main:exportStatisticsTeam': {
    request: () => ({ path: '/statistics/team/export?year=2025' }),
    foreign: STAFF_ONLY,
  },
  'main:getStatisticsDashboard': {
    request: () => ({ path: '/statistics/dashboard' }),
    foreign: 'the staff home: each figure is given only with the component of its page',
  },
};
