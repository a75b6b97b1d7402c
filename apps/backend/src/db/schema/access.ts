import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, requiredReference } from './columns.js';
import { profiles, users } from './core.js';

// Tables of the access model (impersonation, audit, training-platform roles).

export const TRAINING_ROLES = ['ROLE_ADMIN', 'ROLE_TRAINED', 'ROLE_TRAINER', 'ROLE_RP'] as const;
export type TrainingRole = (typeof TRAINING_ROLES)[number];

export const impersonationAudit = pgTable(
  'impersonation_audit',
  {
    id: serial('id').primaryKey(),
    adminUserId: requiredReference('admin_user_id', () => users.id, 'cascade'),
    targetUserId: requiredReference('target_user_id', () => users.id, 'cascade'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('impersonation_audit_admin_idx').on(t.adminUserId, t.startedAt)],
);

/**
 * The audit trail (`access/audit.ts`): every mutation made by a staff account that succeeded,
 * and every one made while impersonating whatever its outcome. Append-only: a trigger
 * (migration 0016) refuses UPDATE, DELETE and TRUNCATE but the retention job's deletion of
 * rows past the retention. No foreign key: a line outlives the user, the impersonation and the
 * target it names (a cascade would be a deletion, `set null` an update), and says who they were
 * at the time (name, e-mail).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** Who acted: the signed-in user (while impersonating, the user impersonated). */
    userId: integer('user_id').notNull(),
    userName: text('user_name').notNull().default(''),
    userEmail: text('user_email').notNull().default(''),
    /** The administrator behind an impersonated request. */
    impersonatorId: integer('impersonator_id'),
    impersonatorName: text('impersonator_name'),
    impersonatorEmail: text('impersonator_email'),
    /** The impersonation the request was made in (claim `impAudit`). */
    impersonationId: integer('impersonation_id'),
    /** The contract's operationId (null for the few routes outside the contract). */
    operationId: text('operation_id'),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    /** The IRI of what the operation acted on (`/users/12`), when one is known. */
    targetIri: text('target_iri'),
    /** X-Request-Id of the request: the log lines of the same request. */
    requestId: text('request_id'),
    /** The changed fields: `{ field: { before, after } }`, secrets redacted. */
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_user_idx').on(t.userId, t.createdAt),
    index('audit_log_impersonation_idx').on(t.impersonationId),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetIri),
  ],
);

/** Profile → role on the external training platform; null means 'Aucun'. */
export const trainingRoleMappings = pgTable(
  'training_role_mappings',
  {
    profileId: integer('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    mappedRole: text('mapped_role').$type<TrainingRole>(),
  },
  (t) => [
    check(
      'training_role_mappings_role_check',
      sql`${t.mappedRole} is null or ${t.mappedRole} in ('ROLE_ADMIN', 'ROLE_TRAINED', 'ROLE_TRAINER', 'ROLE_RP')`,
    ),
  ],
);
