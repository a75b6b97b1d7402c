import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { accessOf } from '../access/principal-access.js';
import {
  agents,
  dispatchInvoiceOutcomes,
  dispatchInvoiceRequests,
  invoices,
} from '../db/schema.js';
import { groupedSource, sourceColumns, toNumber } from './sources.js';
import type { RequestContext, ResourceSpec, SourceResourceSpec } from './types.js';
import { paged } from './pagination.js';

const fields = {
  id: invoices.id,
  year: invoices.year,
  month: invoices.month,
  filename: invoices.filename,
  createdAt: invoices.createdAt,
  user: { firstName: agents.firstname, lastName: agents.lastname, cgpId: agents.cgpId },
};

export interface InvoiceRow {
  id: number;
  year: number;
  month: number;
  filename: string;
  createdAt: Date;
  user: { firstName: string; lastName: string; cgpId: string };
}

/**
 * Staff see every invoice; an agent only his own (by list, period, zip or file alike). An agent
 * account without an agent record sees none.
 */
export async function invoiceScope({
  db,
  principal,
}: Pick<RequestContext, 'db' | 'principal'>): Promise<SQL | undefined> {
  const { isAgent } = await accessOf(db, principal);
  if (!isAgent) return undefined;
  const own = principal.user.agentId;
  return own === null ? sql`false` : eq(invoices.agentId, own);
}

/** `GET /invoices`: 10 a page, newest period first, then agent and file name. */
export const invoicesResource: ResourceSpec<typeof fields, InvoiceRow> = {
  path: '/invoices',
  type: 'Invoice',
  table: invoices,
  id: invoices.id,
  fields,
  joins: { user: (q) => q.innerJoin(agents, eq(agents.id, invoices.agentId)) },
  filters: [
    { kind: 'exact', param: 'year', expr: invoices.year, valueType: 'integer' },
    { kind: 'exact', param: 'month', expr: invoices.month, valueType: 'integer' },
    { kind: 'exact', param: 'user.cgpId', expr: agents.cgpId, joins: ['user'] },
    { kind: 'partial', param: 'filename', expr: invoices.filename },
  ],
  orders: { year: invoices.year, month: invoices.month, filename: invoices.filename },
  defaultOrder: [
    ['year', 'desc'],
    ['month', 'desc'],
  ],
  thenBy: [{ expr: [agents.lastname, agents.firstname], joins: ['user'] }, invoices.filename],
  pagination: paged(10),
  scope: invoiceScope,
  serialize: (row) => ({
    '@id': `/invoices/${row.id}`,
    '@type': 'Invoice',
    id: row.id,
    year: row.year,
    month: row.month,
    filename: row.filename,
    createdAt: row.createdAt.toISOString(),
    user: row.user,
  }),
};

const period = sourceColumns('period', { year: toNumber, month: toNumber, count: toNumber });

export interface InvoicePeriodRow {
  year: number;
  month: number | null;
  count: number;
}

/**
 * `GET /invoices/periods`: the invoices `GET /invoices` lists (its scope, `year` and
 * `user.cgpId`; not `month`, which the operation does not take) counted by year, or by month
 * of the year asked. Newest first, every period at once.
 */
export const invoicePeriodsResource: SourceResourceSpec<typeof period, InvoicePeriodRow> = {
  path: '/invoices/periods',
  type: 'InvoicePeriod',
  source: groupedSource(
    {
      ...invoicesResource,
      filters: invoicesResource.filters.filter((f) => ['year', 'user.cgpId'].includes(f.param)),
    },
    {
      alias: 'period',
      joins: [],
      columns: ({ query }) => ({
        year: invoices.year,
        month: query.year !== undefined ? invoices.month : sql`null::int`,
        count: sql`count(*)::int`,
      }),
      groupBy: [sql`1`, sql`2`],
    },
  ),
  // One row a (year, month): the pair is the key.
  id: sql`(${period.year} * 100 + coalesce(${period.month}, 0))`,
  fields: period,
  joins: {},
  filters: [],
  orders: { year: period.year, month: period.month },
  defaultOrder: [
    ['year', 'desc'],
    ['month', 'desc'],
  ],
  pagination: 'none',
  scope: async () => undefined,
  serialize: (row) => ({ year: row.year, month: row.month, count: row.count }),
};

const requestFields = {
  id: dispatchInvoiceRequests.id,
  status: dispatchInvoiceRequests.status,
  createdAt: dispatchInvoiceRequests.createdAt,
  completedAt: dispatchInvoiceRequests.completedAt,
  invoicesFileName: dispatchInvoiceRequests.invoicesFileName,
  mappingFileName: dispatchInvoiceRequests.mappingFileName,
  total: dispatchInvoiceRequests.total,
  processed: dispatchInvoiceRequests.processed,
  filed: dispatchInvoiceRequests.filed,
  refused: dispatchInvoiceRequests.refused,
  error: dispatchInvoiceRequests.error,
};

export type DispatchRequestRow = {
  [K in keyof typeof requestFields]: (typeof dispatchInvoiceRequests.$inferSelect)[K];
};

export const dispatchRequestJson = (row: DispatchRequestRow) => ({
  '@id': `/dispatch_invoice_request/${row.id}`,
  '@type': 'DispatchInvoiceRequest',
  id: row.id,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
  invoicesFileName: row.invoicesFileName,
  mappingFileName: row.mappingFileName,
  total: row.total,
  processed: row.processed,
  filed: row.filed,
  refused: row.refused,
  error: row.error,
});

/** `GET /dispatch_invoices_requests`: staff only (the contract's components), 10 a page. */
export const dispatchRequestsResource: ResourceSpec<typeof requestFields, DispatchRequestRow> = {
  path: '/dispatch_invoices_requests',
  type: 'DispatchInvoiceRequest',
  table: dispatchInvoiceRequests,
  id: dispatchInvoiceRequests.id,
  fields: requestFields,
  joins: {},
  filters: [],
  orders: { createdAt: dispatchInvoiceRequests.createdAt },
  defaultOrder: [['createdAt', 'desc']],
  pagination: paged(10),
  scope: async () => undefined,
  serialize: dispatchRequestJson,
};

const reportFields = {
  requestId: dispatchInvoiceOutcomes.requestId,
  line: dispatchInvoiceOutcomes.line,
  filename: dispatchInvoiceOutcomes.filename,
  cgpId: dispatchInvoiceOutcomes.cgpId,
  year: dispatchInvoiceOutcomes.year,
  month: dispatchInvoiceOutcomes.month,
  outcome: dispatchInvoiceOutcomes.outcome,
  reason: dispatchInvoiceOutcomes.reason,
};

/** `GET /dispatch_invoice_request/{id}`: a request as listed, with its report line by line. */
export const dispatchRequestResource: ResourceSpec<
  typeof requestFields,
  DispatchRequestRow & { report?: Record<string, unknown>[] }
> = {
  ...dispatchRequestsResource,
  async expand(rows, { db }) {
    const lines = await db
      .select(reportFields)
      .from(dispatchInvoiceOutcomes)
      .where(
        inArray(
          dispatchInvoiceOutcomes.requestId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(dispatchInvoiceOutcomes.line));
    return rows.map((row) => ({
      ...row,
      report: lines
        .filter((line) => line.requestId === row.id)
        .map(({ requestId: _, ...line }) => line),
    }));
  },
  serialize: (row) => ({ ...dispatchRequestJson(row), report: row.report }),
};
