import { eq } from 'drizzle-orm';
import { agents, customers, financialProducts, financialProviders, vlps } from '../db/schema.js';
import { agentOwnedScope } from '../domain/agent-scope.js';
import { clientFields, consultantFields, consultantReference } from './references.js';
import {
  openableClientFilters,
  saleClientReference,
  type SaleClientRow,
  withOpenableClients,
} from './sale-clients.js';
import type { ResourceSpec } from './types.js';

const fields = {
  id: vlps.id,
  amount: vlps.amount,
  fee: vlps.fee,
  processingDate: vlps.processingDate,
  exercice: vlps.exercice,
  consultant: consultantFields,
  client: clientFields,
  product: { name: financialProducts.name, providerName: financialProviders.name },
};

export type VlpRow = {
  [
    K in Exclude<keyof typeof fields, 'consultant' | 'client' | 'product'>
  ]: (typeof fields)[K]['_']['data'];
} & {
  consultant: Parameters<typeof consultantReference>[0];
  client: SaleClientRow;
  product: { name: string; providerName: string };
};

/** VLP sales (`GET /vlps`), 10 per page, by exercice ascending (spec part 2 §9). */
export const vlpSales: ResourceSpec<typeof fields, VlpRow> = {
  path: '/vlps',
  type: 'Vlp',
  table: vlps,
  id: vlps.id,
  fields,
  joins: {
    consultant: (q) => q.innerJoin(agents, eq(agents.id, vlps.agentId)),
    client: (q) => q.innerJoin(customers, eq(customers.id, vlps.customerId)),
    product: (q) => q.innerJoin(financialProducts, eq(financialProducts.id, vlps.productId)),
    provider: (q) =>
      q.innerJoin(financialProviders, eq(financialProviders.id, financialProducts.providerId)),
  },
  filters: [
    { kind: 'exact', param: 'consultant.id', expr: vlps.agentId, valueType: 'integer' },
    { kind: 'exact', param: 'client.id', expr: vlps.customerId, valueType: 'integer' },
    ...openableClientFilters(vlps.customerId),
    { kind: 'exact', param: 'exercice', expr: vlps.exercice, valueType: 'integer' },
    { kind: 'date', param: 'processingDate', expr: vlps.processingDate },
  ],
  orders: {
    exercice: vlps.exercice,
    processingDate: vlps.processingDate,
    amount: vlps.amount,
    fee: vlps.fee,
    'consultant.lastname': { expr: agents.lastname, joins: ['consultant'] },
    'client.lastName': { expr: customers.lastName, joins: ['client'] },
    'product.productName': { expr: financialProducts.name, joins: ['product'] },
    'product.providerName': { expr: financialProviders.name, joins: ['product', 'provider'] },
  },
  defaultOrder: [['exercice', 'asc']],
  pagination: { itemsPerPage: 10, maxItemsPerPage: 100, clientDisable: false, disabledCap: 100 },
  scope: agentOwnedScope(vlps.agentId, { teamParam: 'cgpId' }),
  expand: withOpenableClients,
  serialize: (row) => ({
    '@id': `/vlps/${row.id}`,
    '@type': 'Vlp',
    id: row.id,
    consultant: consultantReference(row.consultant),
    client: saleClientReference(row.client),
    product: { productName: row.product.name, providerName: row.product.providerName },
    amount: row.amount,
    fee: row.fee,
    processingDate: row.processingDate,
    exercice: row.exercice,
  }),
};
