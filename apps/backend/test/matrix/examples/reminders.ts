import type { Example } from './types.js';

export const remindersExamples: Record<string, Example> = {
  'main:listReminders': {
    request: () => ({ path: '/reminders?itemsPerPage=5&order[label]=desc' }),
    foreign: 'the scaffolded example rows belong to no agent: give the real rows a scope',
  },
};
