import { sql } from 'drizzle-orm';
import { exportColumns, headed } from '../exports/columns.js';
import { auditLog } from '../db/schema.js';
import type { DeclaredColumn, ExportSpec, ResourceSpec } from './types.js';
import { withJsonLdIdentity } from './iris.js';
import { paged } from './pagination.js';

const fields = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  userId: auditLog.userId,
  userName: auditLog.userName,
  userEmail: auditLog.userEmail,
  impersonatorId: auditLog.impersonatorId,
  impersonatorName: auditLog.impersonatorName,
  impersonatorEmail: auditLog.impersonatorEmail,
  operationId: auditLog.operationId,
  method: auditLog.method,
  path: auditLog.path,
  status: auditLog.status,
  targetIri: auditLog.targetIri,
  requestId: auditLog.requestId,
  changes: auditLog.changes,
};

type Row = typeof auditLog.$inferSelect;

const person = (id: number, name: string | null, email: string | null) => ({
  '@id': `/users/${id}`,
  id,
  fullName: name ?? '',
  email: email ?? '',
});

/** Who acted, for the author filter: his name and e-mail, and the impersonating one's. */
const authors = sql`concat_ws(' ', ${auditLog.userName}, ${auditLog.userEmail}, ${auditLog.impersonatorName}, ${auditLog.impersonatorEmail})`;

/** The audit trail (`GET /administration/audit`), newest first, 25 a page; read-only. */
export const auditEntries: ResourceSpec<typeof fields, Row> = {
  path: '/administration/audit',
  type: 'AuditEntry',
  table: auditLog,
  id: auditLog.id,
  fields,
  joins: {},
  filters: [
    { kind: 'partial', param: 'user', expr: authors },
    // Part of it, any case: 'disable' or 'SecondFactor' finds the operations that say so.
    { kind: 'partial', param: 'operationId', expr: auditLog.operationId },
    { kind: 'partial', param: 'targetIri', expr: auditLog.targetIri },
    { kind: 'date', param: 'createdAt', expr: auditLog.createdAt },
  ],
  orders: { createdAt: auditLog.createdAt },
  defaultOrder: [['createdAt', 'desc']],
  pagination: paged(25),
  // Gated by audit_page in the contract: whoever holds it reads the whole trail.
  scope: async () => undefined,
  serialize: (row) =>
    withJsonLdIdentity('/administration/audit', 'AuditEntry', row.id, {
      createdAt: row.createdAt.toISOString(),
      user: person(row.userId, row.userName, row.userEmail),
      impersonator:
        row.impersonatorId === null
          ? null
          : person(row.impersonatorId, row.impersonatorName, row.impersonatorEmail),
      operationId: row.operationId,
      method: row.method,
      path: row.path,
      status: row.status,
      targetIri: row.targetIri,
      requestId: row.requestId,
      changes: row.changes,
    }),
};

const show = (value: unknown) =>
  value === null || value === undefined
    ? '∅'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** `field : before → after`, one line per changed field. */
export const changesText = (changes: Row['changes']) =>
  Object.entries(changes ?? {})
    .map(([field, { before, after }]) => `${field} : ${show(before)} → ${show(after)}`)
    .join('\n');

/** The instant as read in Paris, to the second: an audit line is read to the second. */
const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  dateStyle: 'short',
  timeStyle: 'medium',
});

const who = (name: string | null, email: string | null) => (name ? `${name} <${email}>` : '');

const AUDIT_COLUMNS = headed<DeclaredColumn<Row>>()(exportColumns.exportAuditEntries, {
  createdAt: { value: (row) => parisDateTime.format(row.createdAt), width: 20 },
  user: { value: (row) => who(row.userName, row.userEmail), width: 34 },
  impersonator: { value: (row) => who(row.impersonatorName, row.impersonatorEmail), width: 34 },
  operationId: { value: (row) => row.operationId ?? `${row.method} ${row.path}`, width: 30 },
  targetIri: { value: (row) => row.targetIri, width: 30 },
  changes: { value: (row) => changesText(row.changes), width: 60 },
  status: { value: (row) => row.status, width: 8 },
  requestId: { value: (row) => row.requestId, width: 38 },
});

/** `GET /administration/audit/export`: the same filtered trail, every line. */
export const auditEntriesExport: ExportSpec<typeof fields, Row> = {
  resource: auditEntries,
  sheet: 'Journal d’audit',
  file: { label: 'journal_audit' },
  columns: AUDIT_COLUMNS,
};
