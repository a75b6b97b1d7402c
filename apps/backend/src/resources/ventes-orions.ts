import { eq } from 'drizzle-orm';
import {
  agents,
  customers,
  financialProducts,
  financialProviders,
  investmentSales,
} from '../db/schema.js';
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
  id: investmentSales.id,
  orderNumber: investmentSales.orderNumber,
  type: investmentSales.type,
  operation: investmentSales.operation,
  status: investmentSales.status,
  amount: investmentSales.amount,
  fee: investmentSales.fee,
  subscriptionDate: investmentSales.subscriptionDate,
  exercice: investmentSales.exercice,
  consultant: consultantFields,
  client: clientFields,
  product: { name: financialProducts.name, providerName: financialProviders.name },
};

export type VenteOrionRow = {
  [
    K in Exclude<keyof typeof fields, 'consultant' | 'client' | 'product'>
  ]: (typeof fields)[K]['_']['data'];
} & {
  consultant: Parameters<typeof consultantReference>[0];
  client: SaleClientRow;
  product: { name: string; providerName: string };
};

/** Investment sales (`GET /ventes_orions`), 25 per page, newest subscription first. */
export const ventesOrions: ResourceSpec<typeof fields, VenteOrionRow> = {
  path: '/ventes_orions',
  type: 'VenteOrion',
  table: investmentSales,
  id: investmentSales.id,
  fields,
  joins: {
    consultant: (q) => q.innerJoin(agents, eq(agents.id, investmentSales.agentId)),
    client: (q) => q.innerJoin(customers, eq(customers.id, investmentSales.customerId)),
    product: (q) =>
      q.innerJoin(financialProducts, eq(financialProducts.id, investmentSales.productId)),
    provider: (q) =>
      q.innerJoin(financialProviders, eq(financialProviders.id, financialProducts.providerId)),
  },
  filters: [
    { kind: 'exact', param: 'consultant.id', expr: investmentSales.agentId, valueType: 'integer' },
    { kind: 'exact', param: 'client.id', expr: investmentSales.customerId, valueType: 'integer' },
    ...openableClientFilters(investmentSales.customerId),
    {
      kind: 'partial',
      param: 'typeProduitsFin.productName',
      expr: financialProducts.name,
      joins: ['product'],
    },
    {
      kind: 'partial',
      param: 'typeProduitsFin.providerName',
      expr: financialProviders.name,
      joins: ['product', 'provider'],
    },
    { kind: 'range', param: 'amount', expr: investmentSales.amount },
    { kind: 'range', param: 'fee', expr: investmentSales.fee },
    { kind: 'exact', param: 'operation', expr: investmentSales.operation },
    { kind: 'exact', param: 'status', expr: investmentSales.status },
    { kind: 'exact', param: 'type', expr: investmentSales.type },
    { kind: 'exact', param: 'exercice', expr: investmentSales.exercice, valueType: 'integer' },
    { kind: 'partial', param: 'orderNumber', expr: investmentSales.orderNumber },
    { kind: 'date', param: 'subscriptionDate', expr: investmentSales.subscriptionDate },
  ],
  orders: {
    subscriptionDate: investmentSales.subscriptionDate,
    amount: investmentSales.amount,
    fee: investmentSales.fee,
    exercice: investmentSales.exercice,
    status: investmentSales.status,
    operation: investmentSales.operation,
    orderNumber: investmentSales.orderNumber,
    'consultant.lastname': { expr: agents.lastname, joins: ['consultant'] },
    'client.lastName': { expr: customers.lastName, joins: ['client'] },
    'typeProduitsFin.productName': { expr: financialProducts.name, joins: ['product'] },
    'typeProduitsFin.providerName': {
      expr: financialProviders.name,
      joins: ['product', 'provider'],
    },
  },
  defaultOrder: [['subscriptionDate', 'desc']],
  pagination: { itemsPerPage: 25, maxItemsPerPage: 100, clientDisable: false, disabledCap: 100 },
  scope: agentOwnedScope(investmentSales.agentId, { teamParam: 'cgpId' }),
  expand: withOpenableClients,
  serialize: (row) => ({
    '@id': `/ventes_orions/${row.id}`,
    '@type': 'VenteOrion',
    id: row.id,
    orderNumber: row.orderNumber,
    consultant: consultantReference(row.consultant),
    client: saleClientReference(row.client),
    typeProduitsFin: { productName: row.product.name, providerName: row.product.providerName },
    amount: row.amount,
    fee: row.fee,
    status: row.status,
    operation: row.operation,
    type: row.type,
    subscriptionDate: row.subscriptionDate,
    exercice: row.exercice,
  }),
};
