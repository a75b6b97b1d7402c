import { nothingOutOfScope, onlyTheHeaderRow } from './shared.js';
import type { Example } from './types.js';

export const customerExamples: Record<string, Example> = {
  'main:listCustomers': {
    request: () => ({ path: '/clients/clients?page=1&order[lastName]=asc' }),
    foreign: {
      request: ({ fx }) => ({
        path: `/clients/clients?consultant.id=${fx.sales.agentIds.get('CGP0099')}`,
      }),
      status: 200,
      check: nothingOutOfScope,
    },
  },
  'main:exportCustomers': {
    request: () => ({ path: '/clients/export?order[lastName]=asc' }),
    foreign: {
      request: ({ fx }) => ({
        path: `/clients/export?consultant.id=${fx.sales.agentIds.get('CGP0099')}`,
      }),
      status: 200,
      check: onlyTheHeaderRow,
    },
  },
};
