import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { agents } from './agents.js';
import { createdAt, requiredReference } from './columns.js';

export const PROFILE_TYPES = ['Mandataire', 'Hubnup'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

export type ReminderFrequency = 'DAILY' | 'WEEKLY' | 'MONTHLY';

export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    type: text('type').$type<ProfileType>().notNull(),
    /** 'ROLE_' + upper-cased title; the first role of every member. */
    name: text('name').notNull().unique(),
  },
  (t) => [check('profiles_type_check', sql`${t.type} in ('Mandataire', 'Hubnup')`)],
);

/**
 * `<of>_profiles`, the profiles that see each row of another table (news, notifications,
 * components): the row's `<of>_id`, the profile's, the pair the primary key; both cascade.
 */
export function profileLinks<const Of extends string>(
  of: Of,
  target: Parameters<typeof requiredReference>[1],
) {
  const key = `${of}Id` as const;
  const columns = {
    [key]: requiredReference(`${of}_id`, target, 'cascade'),
    profileId: requiredReference('profile_id', () => profiles.id, 'cascade'),
  } as Record<typeof key | 'profileId', ReturnType<typeof requiredReference>>;
  return pgTable(`${of}_profiles`, columns, (t) => [
    primaryKey({ columns: [t[key], t.profileId] }),
  ]);
}

export const components = pgTable('components', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  title: text('title').notNull(),
  page: boolean('page').notNull().default(false),
  priority: integer('priority').notNull().default(0),
  type: text('type').notNull(),
});

export const componentProfiles = profileLinks('component', () => components.id);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** The first role is the profile's name; ROLE_DISABLED marks a suspended account. */
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    picture: text('picture'),
    circularPicture: text('circular_picture'),
    onLoginAgent: boolean('on_login_agent').notNull().default(false),
    reminderFrequency: jsonb('reminder_frequency')
      .$type<ReminderFrequency[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
  },
  (t) => [check('users_email_lower_check', sql`${t.email} = lower(${t.email})`)],
);

export const resetPasswordTokens = pgTable('reset_password_tokens', {
  id: serial('id').primaryKey(),
  userId: requiredReference('user_id', () => users.id, 'cascade'),
  /** sha256 of the token; the token itself only travels in the mail. */
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const handoffCodes = pgTable('handoff_codes', {
  codeHash: text('code_hash').primaryKey(),
  claims: jsonb('claims').$type<Record<string, unknown>>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Attempt counters of the rate limits (sign-in, reset, re-authentication): in the database, so
 * that every backend process counts the same attempts. A row is one key's current window.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * The backend processes alive on this database, each refreshing `seen_at` while it runs: files
 * a process was writing when it died are removed once its row is stale (files/staging.ts).
 */
export const backendProcesses = pgTable('backend_processes', {
  id: text('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Exports being written, at most `EXPORT_CONCURRENCY` per user across every process. */
export const runningExports = pgTable('running_exports', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: requiredReference('user_id', () => users.id, 'cascade'),
  processId: text('process_id').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** What was attached (names and sizes only; the files stay in the file storage). */
  attachments: jsonb('attachments')
    .$type<{ filename: string; contentType: string; size: number }[]>()
    .notNull()
    .default([]),
  createdAt: createdAt(),
});

/** Support requests sent from the account page (`POST /agent_request`). */
export const agentRequests = pgTable('agent_requests', {
  id: serial('id').primaryKey(),
  userId: requiredReference('user_id', () => users.id, 'cascade'),
  title: text('title').notNull(),
  content: text('content'),
  /** The sender's file name, for the mail only; the file lives at `attachment_path`. */
  attachmentName: text('attachment_name'),
  attachmentPath: text('attachment_path'),
  attachmentType: text('attachment_type'),
  attachmentSize: integer('attachment_size'),
  /** Set once the mail to the support address has gone. */
  mailedAt: timestamp('mailed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const administrations = pgTable('administrations', {
  id: serial('id').primaryKey(),
  supportEmail: text('support_email').notNull(),
});

export const menuLinks = pgTable('menu_links', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  displayName: text('display_name').notNull(),
});
