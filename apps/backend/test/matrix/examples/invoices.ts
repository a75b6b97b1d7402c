import type { Example } from './types.js';

export const invoicesExamples: Record<string, Example> = {
  'main:listInvoices': {
    request: () => ({ path: '/invoices?itemsPerPage=5&order[label]=desc' }),
    foreign: 'the scaffolded example rows belong to no agent: give the real rows a scope',
  },
};
