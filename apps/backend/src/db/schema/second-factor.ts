import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, requiredReference } from './columns.js';
import { users } from './core.js';

/**
 * A user's TOTP second factor (issue 42). The secret is stored encrypted (AES-256-GCM,
 * `auth/second-factor.ts`) and never answered once the enrolment is confirmed. A row without
 * `confirmed_at` is an enrolment under way: it protects nothing until a code confirms it.
 */
export const secondFactors = pgTable('second_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The RFC 6238 time step of the last code accepted: a code of that step or before is a replay. */
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** The ten single-use recovery codes given at enrolment: only their sha256 is kept. */
export const secondFactorRecoveryCodes = pgTable(
  'second_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('second_factor_recovery_codes_user_idx').on(t.userId)],
);

export const SECOND_FACTOR_STEPS = ['code', 'enrol'] as const;
export type SecondFactorStep = (typeof SECOND_FACTOR_STEPS)[number];

/**
 * The short-lived challenge a right password answers when a second factor is due: it names the
 * user and what he must do next ('code': give a code; 'enrol': enrol first). Only its sha256 is
 * kept; it dies once used, at its expiry, or after too many wrong codes.
 */
export const secondFactorChallenges = pgTable(
  'second_factor_challenges',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    step: text('step').$type<SecondFactorStep>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('second_factor_challenges_step_check', sql`${t.step} in ('code', 'enrol')`)],
);
