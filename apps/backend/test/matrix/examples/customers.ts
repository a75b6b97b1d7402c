import { randomUUID } from 'node:crypto';
import { customers } from '../../../src/db/schema.js';
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
  'main:listClientReferences': {
    request: () => ({ path: '/clients?fullName=mart&pagination=false' }),
    foreign: [
      {
        // A customer of another agent with a name no one else has.
        request: async ({ fx }) => {
          await fx.ctx.db.insert(customers).values({
            agentId: fx.sales.agentIds.get('CGP0099')!,
            clientId: `CLI-${randomUUID()}`,
            lastName: 'Zébulon-Étranger',
            firstName: 'Xavière',
          });
          return {
            path: `/clients?fullName=${encodeURIComponent('zébulon xav')}&pagination=false`,
          };
        },
        status: 200,
        check: nothingOutOfScope,
      },
      {
        // The label lookup of a filter's client, aimed at another agent's customer.
        request: ({ fx }) => ({
          path: `/clients?id=${fx.sales.customers.find((c) => c.agentCgp === 'CGP0099')!.id}`,
        }),
        status: 200,
        check: nothingOutOfScope,
      },
    ],
  },
  'main:getCustomer': {
    request: ({ fx }) => ({
      path: `/clients/${fx.sales.customers.find((c) => c.agentCgp === 'CGP0001')!.id}?years=2025`,
    }),
    foreign: {
      request: ({ fx }) => ({
        path: `/clients/${fx.sales.customers.find((c) => c.agentCgp === 'CGP0099')!.id}`,
      }),
      status: 404,
    },
  },
  'main:exportCustomer': {
    request: ({ fx }) => ({
      path: `/clients/export/${fx.sales.customers.find((c) => c.agentCgp === 'CGP0001')!.id}`,
    }),
    foreign: {
      request: ({ fx }) => ({
        path: `/clients/export/${fx.sales.customers.find((c) => c.agentCgp === 'CGP0099')!.id}`,
      }),
      status: 404,
    },
  },
};
