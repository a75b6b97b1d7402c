import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { profiles, users } from './core.js';

// Tables of the access model (impersonation, audit, training-platform roles).

export const TRAINING_ROLES = ['ROLE_ADMIN', 'ROLE_TRAINED', 'ROLE_TRAINER', 'ROLE_RP'] as const;
export type TrainingRole = (typeof TRAINING_ROLES)[number];

export const impersonationAudit = pgTable(
  'impersonation_audit',
  {
    id: serial('id').primaryKey(),
    adminUserId: integer('admin_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetUserId: integer('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('impersonation_audit_admin_idx').on(t.adminUserId, t.startedAt)],
);

/** Actions done while impersonating: who acted (user) on behalf of whom (impersonator). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatorId: integer('impersonator_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The impersonation the request was made in (claim `impAudit`). */
    impersonationId: integer('impersonation_id').references(() => impersonationAudit.id, {
      onDelete: 'set null',
    }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_user_idx').on(t.userId, t.createdAt),
    index('audit_log_impersonation_idx').on(t.impersonationId),
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
