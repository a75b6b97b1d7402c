import { financialProducts, financialProviders, investmentSales } from '../db/schema.js';
import { clientFields, consultantFields, consultantReference } from './references.js';
import {
  productFields,
  saleClientReference,
  saleListParts,
  type SaleRowOf,
} from './sale-clients.js';
import type { ResourceSpec } from './types.js';
import { jsonLdIdentity } from './iris.js';

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
  product: productFields,
};

export type VenteOrionRow = SaleRowOf<
  typeof fields,
  { product: { name: string; providerName: string } }
>;

const sale = saleListParts(investmentSales, { itemsPerPage: 25, product: 'typeProduitsFin' });

/** Investment sales (`GET /ventes_orions`), 25 per page, newest subscription first. */
export const ventesOrions: ResourceSpec<typeof fields, VenteOrionRow> = {
  path: '/ventes_orions',
  type: 'VenteOrion',
  table: investmentSales,
  id: investmentSales.id,
  fields,
  joins: sale.joins,
  filters: [
    ...sale.filters,
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
    ...sale.orders,
  },
  defaultOrder: [['subscriptionDate', 'desc']],
  ...sale.listing,
  serialize: (row) => ({
    ...jsonLdIdentity('/ventes_orions', 'VenteOrion', row.id),
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
