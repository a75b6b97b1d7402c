import type { Example } from './types.js';

export const analyticsExamples: Record<string, Example> = {
  'main:listAnalytics': {
    request: () => ({ path: '/analytics?itemsPerPage=5&order[label]=desc' }),
    foreign: 'the scaffolded example rows belong to no agent: give the real rows a scope',
  },
};
