import { count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog, impersonationAudit, users } from '../db/schema.js';
import type { ResourceSpec } from './types.js';
import { withJsonLdIdentity } from './iris.js';
import { paged } from './pagination.js';

const admin = alias(users, 'admin');
const target = alias(users, 'target');

const person = (table: typeof admin | typeof target) => ({
  id: table.id,
  email: table.email,
  firstName: table.firstName,
  lastName: table.lastName,
});

const fields = {
  id: impersonationAudit.id,
  startedAt: impersonationAudit.startedAt,
  endedAt: impersonationAudit.endedAt,
  admin: person(admin),
  target: person(target),
  // What was done while impersonating, as the audit_log hook recorded it.
  actions: sql<number>`(
    select ${count()}::int from ${auditLog}
    where ${eq(auditLog.impersonationId, impersonationAudit.id)}
  )`,
};

type Person = { id: number; email: string; firstName: string; lastName: string };
type Row = {
  id: number;
  startedAt: Date;
  endedAt: Date | null;
  admin: Person;
  target: Person;
  actions: number;
};

const personJson = (p: Person) => ({
  '@id': `/users/${p.id}`,
  id: p.id,
  fullName: `${p.firstName} ${p.lastName}`,
  email: p.email,
});

/** Who impersonated whom and when (`GET /administration/impersonations`), newest first. */
export const impersonations: ResourceSpec<typeof fields, Row> = {
  path: '/administration/impersonations',
  type: 'Impersonation',
  table: impersonationAudit,
  id: impersonationAudit.id,
  fields,
  joins: {
    admin: (q) => q.innerJoin(admin, eq(admin.id, impersonationAudit.adminUserId)),
    target: (q) => q.innerJoin(target, eq(target.id, impersonationAudit.targetUserId)),
  },
  filters: [
    {
      kind: 'exact',
      param: 'admin.id',
      expr: impersonationAudit.adminUserId,
      valueType: 'integer',
    },
    {
      kind: 'exact',
      param: 'target.id',
      expr: impersonationAudit.targetUserId,
      valueType: 'integer',
    },
    { kind: 'date', param: 'startedAt', expr: impersonationAudit.startedAt },
  ],
  orders: { startedAt: impersonationAudit.startedAt },
  defaultOrder: [['startedAt', 'desc']],
  pagination: paged(10),
  // Gated by users_switch_user in the contract; every administrator sees the whole trail.
  scope: async () => undefined,
  serialize: (row) =>
    withJsonLdIdentity('/administration/impersonations', 'Impersonation', row.id, {
      admin: personJson(row.admin),
      target: personJson(row.target),
      startedAt: row.startedAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
      actions: row.actions,
    }),
};
