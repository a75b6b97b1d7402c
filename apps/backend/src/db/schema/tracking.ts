import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './core.js';

export const TRACKING_TYPES = ['CLICK', 'PAGE', 'DOCUMENT'] as const;
export type TrackingType = (typeof TRACKING_TYPES)[number];

export const DEVICES = ['PC', 'Smartphone', 'Tablette'] as const;
export type Device = (typeof DEVICES)[number];

/** One sign-in: each successful login opens a session that events are attached to. */
export const trackingSessions = pgTable(
  'tracking_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tracking_sessions_user_idx').on(t.userId, t.startedAt)],
);

export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => trackingSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<TrackingType>().notNull(),
    action: text('action').notNull(),
    path: text('path').notNull(),
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
  ],
);
