import { realEstateSales } from '../db/schema.js';
import { dayBoundFilter } from './filters.js';
import { clientFields, consultantFields } from './references.js';
import {
  realEstateProgressFields,
  saleParties,
  saleListParts,
  type SaleRowOf,
} from './sale-clients.js';
import type { ResourceSpec } from './types.js';
import { withJsonLdIdentity } from './iris.js';

const fields = {
  id: realEstateSales.id,
  valoricielId: realEstateSales.valoricielId,
  type: realEstateSales.type,
  lot: realEstateSales.lot,
  operationName: realEstateSales.operationName,
  amount: realEstateSales.amount,
  ...realEstateProgressFields,
  lastAction: realEstateSales.lastAction,
  exercice: realEstateSales.exercice,
  consultant: consultantFields,
  client: clientFields,
};

export type VenteValoricielRow = SaleRowOf<typeof fields>;

const sale = saleListParts(realEstateSales, { itemsPerPage: 25 });

/** Real-estate sales (`GET /ventes_valoriciels`), 25 per page, last action first by default. */
export const ventesValoriciels: ResourceSpec<typeof fields, VenteValoricielRow> = {
  path: '/ventes_valoriciels',
  type: 'VenteValoriciel',
  ...sale.source,
  fields,
  filters: [
    ...sale.filters,
    { kind: 'exact', param: 'type', expr: realEstateSales.type },
    { kind: 'exact', param: 'advStatus', expr: realEstateSales.advStatus },
    { kind: 'exact', param: 'exercice', expr: realEstateSales.exercice, valueType: 'integer' },
    dayBoundFilter('lastActionAfter', realEstateSales.lastAction, 'after'),
    dayBoundFilter('lastActionBefore', realEstateSales.lastAction, 'before'),
  ],
  orders: {
    lastAction: realEstateSales.lastAction,
    exercice: realEstateSales.exercice,
    advStatus: realEstateSales.advStatus,
    type: realEstateSales.type,
    lot: realEstateSales.lot,
    operationName: realEstateSales.operationName,
    amount: realEstateSales.amount,
    baseRemuneration: realEstateSales.baseRemuneration,
    optionDate: realEstateSales.optionDate,
    bookingSignatureDate: realEstateSales.bookingSignatureDate,
    bankAgreementDate: realEstateSales.bankAgreementDate,
    deedDate: realEstateSales.deedDate,
    cancellationDate: realEstateSales.cancellationDate,
    ...sale.orders,
  },
  defaultOrder: [['lastAction', 'desc']],
  ...sale.listing,
  serialize: (row) =>
    withJsonLdIdentity('/ventes_valoriciels', 'VenteValoriciel', row.id, {
      valoricielId: row.valoricielId,
      ...saleParties(row),
      type: row.type,
      lot: row.lot,
      operationName: row.operationName,
      amount: row.amount,
      baseRemuneration: row.baseRemuneration,
      advStatus: row.advStatus,
      option: row.optionDate,
      bookingSignatureDate: row.bookingSignatureDate,
      bankAgreementDate: row.bankAgreementDate,
      deedDate: row.deedDate,
      cancellationDate: row.cancellationDate,
      lastAction: row.lastAction,
      exercice: row.exercice,
    }),
};
