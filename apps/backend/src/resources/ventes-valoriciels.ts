import { eq } from 'drizzle-orm';
import { agents, customers, realEstateSales } from '../db/schema.js';
import { agentOwnedScope } from '../domain/agent-scope.js';
import { dayBoundFilter } from './filters.js';
import { clientFields, consultantFields, consultantReference } from './references.js';
import {
  openableClientFilters,
  saleClientReference,
  type SaleClientRow,
  withOpenableClients,
} from './sale-clients.js';
import type { ResourceSpec } from './types.js';

const fields = {
  id: realEstateSales.id,
  valoricielId: realEstateSales.valoricielId,
  type: realEstateSales.type,
  lot: realEstateSales.lot,
  operationName: realEstateSales.operationName,
  amount: realEstateSales.amount,
  baseRemuneration: realEstateSales.baseRemuneration,
  advStatus: realEstateSales.advStatus,
  optionDate: realEstateSales.optionDate,
  bookingSignatureDate: realEstateSales.bookingSignatureDate,
  bankAgreementDate: realEstateSales.bankAgreementDate,
  deedDate: realEstateSales.deedDate,
  cancellationDate: realEstateSales.cancellationDate,
  lastAction: realEstateSales.lastAction,
  exercice: realEstateSales.exercice,
  consultant: consultantFields,
  client: clientFields,
};

export type VenteValoricielRow = {
  [K in Exclude<keyof typeof fields, 'consultant' | 'client'>]: (typeof fields)[K]['_']['data'];
} & {
  consultant: Parameters<typeof consultantReference>[0];
  client: SaleClientRow;
};

/** Real-estate sales (`GET /ventes_valoriciels`), 25 per page, last action first by default. */
export const ventesValoriciels: ResourceSpec<typeof fields, VenteValoricielRow> = {
  path: '/ventes_valoriciels',
  type: 'VenteValoriciel',
  table: realEstateSales,
  id: realEstateSales.id,
  fields,
  joins: {
    consultant: (q) => q.innerJoin(agents, eq(agents.id, realEstateSales.agentId)),
    client: (q) => q.innerJoin(customers, eq(customers.id, realEstateSales.customerId)),
  },
  filters: [
    { kind: 'exact', param: 'consultant.id', expr: realEstateSales.agentId, valueType: 'integer' },
    { kind: 'exact', param: 'client.id', expr: realEstateSales.customerId, valueType: 'integer' },
    ...openableClientFilters(realEstateSales.customerId),
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
    'consultant.lastname': { expr: agents.lastname, joins: ['consultant'] },
    'client.lastName': { expr: customers.lastName, joins: ['client'] },
  },
  defaultOrder: [['lastAction', 'desc']],
  pagination: { itemsPerPage: 25, maxItemsPerPage: 100, clientDisable: false, disabledCap: 100 },
  scope: agentOwnedScope(realEstateSales.agentId, { teamParam: 'cgpId' }),
  expand: withOpenableClients,
  serialize: (row) => ({
    '@id': `/ventes_valoriciels/${row.id}`,
    '@type': 'VenteValoriciel',
    id: row.id,
    valoricielId: row.valoricielId,
    consultant: consultantReference(row.consultant),
    client: saleClientReference(row.client),
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
