import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './core.js';
import { requiredReference } from './columns.js';

export const TRACKING_TYPES = ['CLICK', 'PAGE', 'DOCUMENT'] as const;
export type TrackingType = (typeof TRACKING_TYPES)[number];

export const DEVICES = ['PC', 'Smartphone', 'Tablette'] as const;
export type Device = (typeof DEVICES)[number];

export const SESSION_END_REASONS = [
  'logout',
  'password',
  'reset',
  'deactivated',
  'admin',
  /** Ended by its own user from his account page (another of his sessions). */
  'self',
  'impersonation-ended',
  'reauth',
  /** An administrator reset the user's second factor (docs/second-factor.md). */
  'second-factor-reset',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/**
 * One sign-in (or one impersonation): the server-side session a token's `sid` names. Usage
 * events are attached to it, and a token is accepted only while its session is open: not ended
 * and seen within the idle timeout. Deactivating a user ends his sessions (trigger of migration
 * 0006); deleting him deletes them.
 */
export const trackingSessions = pgTable(
  'tracking_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Refreshed at most once a minute by the requests of the session (idle timeout). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason').$type<SessionEndReason>(),
    /** The administrator viewing as the user, for an impersonated session. */
    impersonatorId: integer('impersonator_id').references(() => users.id, {
      onDelete: 'cascade',
    }),
    /** What the sign-in came from, for the user's list of his sessions (null before 0017). */
    device: text('device').$type<Device>(),
    /** The client's address at sign-in (request.ip: the proxies named by TRUST_PROXY believed). */
    ipAddress: text('ip_address'),
  },
  (t) => [
    check(
      'tracking_sessions_device_check',
      sql`${t.device} is null or ${t.device} in ('PC', 'Smartphone', 'Tablette')`,
    ),
    index('tracking_sessions_user_idx').on(t.userId, t.startedAt),
    index('tracking_sessions_impersonator_idx').on(t.impersonatorId),
  ],
);

export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => trackingSessions.id, { onDelete: 'cascade' }),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    type: text('type').$type<TrackingType>().notNull(),
    /** A PAGE's French title, a CLICK's element, a DOCUMENT's name. */
    action: text('action').notNull(),
    /** Where it happened, as the browser showed it (`/library/bibliotheque/12`). */
    path: text('path').notNull(),
    /**
     * The page's key: the app's route pattern (`/library/bibliotheque/:folderId`), which the
     * figures group by, so that one page is one row whatever its ids or its title (0018).
     */
    route: text('route').notNull(),
    device: text('device').$type<Device>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    impersonatorId: integer('impersonator_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    check('tracking_events_type_check', sql`${t.type} in ('CLICK', 'PAGE', 'DOCUMENT')`),
    check('tracking_events_device_check', sql`${t.device} in ('PC', 'Smartphone', 'Tablette')`),
    index('tracking_events_user_time_idx').on(t.userId, t.occurredAt),
    index('tracking_events_type_time_idx').on(t.type, t.occurredAt),
    // The analytics of a period over every type (top users, devices).
    index('tracking_events_time_idx').on(t.occurredAt),
  ],
);

/*
 * The daily roll-up of the events (issue 43), what the figures over long periods read: one row
 * per Paris day and key, of the events the figures count (no impersonation). Written by the job
 * `tracking.rollup` (src/jobs/tracking-rollup.ts) for the days before today; a figure reads a
 * day here only while `tracking_rollup_days` lists it, and the log itself for the others.
 */

/**
 * The days the roll-up holds. A trigger of migration 0019 removes a day when an event of it is
 * written, changed or deleted (a late event, a user deleted), so that the figures read that day
 * from the log until the job rolls it up again.
 */
export const trackingRollupDays = pgTable('tracking_rollup_days', {
  day: date('day').primaryKey(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Events (any type) and page views of each user each day: the top users, the pages a day. */
export const trackingDailyUsers = pgTable(
  'tracking_daily_users',
  {
    day: date('day').notNull(),
    userId: integer('user_id').notNull(),
    events: integer('events').notNull(),
    pages: integer('pages').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/** The (session, device) pairs of each day: the device split counts sessions. */
export const trackingDailySessions = pgTable(
  'tracking_daily_sessions',
  {
    day: date('day').notNull(),
    sessionId: uuid('session_id').notNull(),
    device: text('device').$type<Device>().notNull(),
    userId: integer('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.sessionId, t.device] })],
);

/** Page views of each route each day, with the day's latest title (its instant and id). */
export const trackingDailyPages = pgTable(
  'tracking_daily_pages',
  {
    day: date('day').notNull(),
    route: text('route').notNull(),
    views: integer('views').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    lastId: bigint('last_id', { mode: 'number' }).notNull(),
    lastTitle: text('last_title').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.route] })],
);

/** Clicks and downloads of each (action, route) each day, with the first path (`min`). */
export const trackingDailyActions = pgTable(
  'tracking_daily_actions',
  {
    day: date('day').notNull(),
    type: text('type').$type<TrackingType>().notNull(),
    action: text('action').notNull(),
    route: text('route').notNull(),
    events: integer('events').notNull(),
    firstPath: text('first_path').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.type, t.action, t.route] })],
);
