import { vlps } from '../db/schema.js';
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
  id: vlps.id,
  amount: vlps.amount,
  fee: vlps.fee,
  processingDate: vlps.processingDate,
  exercice: vlps.exercice,
  consultant: consultantFields,
  client: clientFields,
  product: productFields,
};

export type VlpRow = SaleRowOf<typeof fields, SaleProductRow>;

const sale = saleListParts(vlps, { itemsPerPage: 10, product: 'product' });

/** VLP sales (`GET /vlps`), 10 per page, by exercice ascending (spec part 2 §9). */
export const vlpSales: ResourceSpec<typeof fields, VlpRow> = {
  path: '/vlps',
  type: 'Vlp',
  ...sale.source,
  fields,
  filters: [
    ...sale.filters,
    { kind: 'exact', param: 'exercice', expr: vlps.exercice, valueType: 'integer' },
    { kind: 'date', param: 'processingDate', expr: vlps.processingDate },
  ],
  orders: {
    exercice: vlps.exercice,
    processingDate: vlps.processingDate,
    amount: vlps.amount,
    fee: vlps.fee,
    ...sale.orders,
  },
  defaultOrder: [['exercice', 'asc']],
  ...sale.listing,
  serialize: (row) =>
    withJsonLdIdentity('/vlps', 'Vlp', row.id, {
      ...saleParties(row),
      product: saleProductReference(row),
      amount: row.amount,
      fee: row.fee,
      processingDate: row.processingDate,
      exercice: row.exercice,
    }),
};
