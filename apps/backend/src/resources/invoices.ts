import { eq, sql, type SQL } from 'drizzle-orm';
import { accessOf } from '../access/principal-access.js';
import { agents, dispatchInvoiceRequests, invoices } from '../db/schema.js';
import type { RequestContext, ResourceSpec } from './types.js';

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
  pagination: { itemsPerPage: 10, maxItemsPerPage: 100, clientDisable: false, disabledCap: 100 },
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
  pagination: { itemsPerPage: 10, maxItemsPerPage: 100, clientDisable: false, disabledCap: 100 },
  scope: async () => undefined,
  serialize: dispatchRequestJson,
};
