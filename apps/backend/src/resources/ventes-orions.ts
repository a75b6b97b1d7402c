import { financialProducts, financialProviders, investmentSales } from '../db/schema.js';
import { clientFields, consultantFields } from './references.js';
import {
  productFields,
  saleParties,
  saleProductReference,
  saleListParts,
  type SaleProductRow,
  type SaleRowOf,
} from './sale-clients.js';
import type { ResourceSpec } from './types.js';
import { withJsonLdIdentity } from './iris.js';

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

export type VenteOrionRow = SaleRowOf<typeof fields, SaleProductRow>;

const sale = saleListParts(investmentSales, { itemsPerPage: 25, product: 'typeProduitsFin' });

/** Investment sales (`GET /ventes_orions`), 25 per page, newest subscription first. */
export const ventesOrions: ResourceSpec<typeof fields, VenteOrionRow> = {
  path: '/ventes_orions',
  type: 'VenteOrion',
  ...sale.source,
  fields,
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
  serialize: (row) =>
    withJsonLdIdentity('/ventes_orions', 'VenteOrion', row.id, {
      orderNumber: row.orderNumber,
      ...saleParties(row),
      typeProduitsFin: saleProductReference(row),
      amount: row.amount,
      fee: row.fee,
      status: row.status,
      operation: row.operation,
      type: row.type,
      subscriptionDate: row.subscriptionDate,
      exercice: row.exercice,
    }),
};
