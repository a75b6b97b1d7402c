import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, requiredReference } from './columns.js';
import { profileLinks, users } from './core.js';
import { customers } from './customers.js';
import { imageBanks } from './media.js';

export const REMINDER_TYPES = ['hubnup', 'personal'] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    content: text('content').notNull(),
    displayed: boolean('displayed').notNull().default(false),
    hasPopup: boolean('has_popup').notNull().default(false),
    sliderDisplayed: boolean('slider_displayed').notNull().default(false),
    // A picture used by a news item cannot be deleted.
    imageBankId: integer('image_bank_id').references(() => imageBanks.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
  },
  (t) => [index('news_date_idx').on(t.date)],
);

export const newsProfiles = profileLinks('news', () => news.id);

/** Per-user news state (read, postponed). */
export const newsLists = pgTable(
  'news_lists',
  {
    id: serial('id').primaryKey(),
    newsId: requiredReference('news_id', () => news.id, 'cascade'),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    isRead: boolean('is_read').notNull().default(false),
  },
  (t) => [unique('news_lists_user_news_unique').on(t.userId, t.newsId)],
);

export const notificationRules = pgTable('notification_rules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  label: text('label').notNull(),
  isActivate: boolean('is_activate').notNull().default(true),
});

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    urlLink: text('url_link'),
    createdAt: createdAt(),
    expireAt: timestamp('expire_at', { withTimezone: true }),
  },
  (t) => [index('notifications_created_idx').on(t.createdAt)],
);

export const notificationProfiles = profileLinks('notification', () => notifications.id);

/** Per-user notification state. */
export const notificationLists = pgTable(
  'notification_lists',
  {
    id: serial('id').primaryKey(),
    notificationId: requiredReference('notification_id', () => notifications.id, 'cascade'),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    readByUser: boolean('read_by_user').notNull().default(false),
  },
  (t) => [
    unique('notification_lists_user_notification_unique').on(t.userId, t.notificationId),
    index('notification_lists_notification_idx').on(t.notificationId),
  ],
);

/** Network (hubnup) reminders written by staff, or personal reminders of one user. */
export const reminders = pgTable(
  'reminders',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content'),
    date: timestamp('date', { withTimezone: true }).notNull(),
    type: text('type').$type<ReminderType>().notNull(),
    displayed: boolean('displayed').notNull().default(true),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** Free-text client name when the reminder is about a prospect. */
    prospect: text('prospect'),
    createdAt: createdAt(),
  },
  (t) => [
    check('reminders_type_check', sql`${t.type} in ('hubnup', 'personal')`),
    index('reminders_type_date_idx').on(t.type, t.date),
    index('reminders_customer_idx').on(t.customerId, t.date),
  ],
);

/** Who sees which reminder (personal: its author; hubnup: every targeted agent). */
export const reminderLists = pgTable(
  'reminder_lists',
  {
    id: serial('id').primaryKey(),
    reminderId: requiredReference('reminder_id', () => reminders.id, 'cascade'),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    /**
     * Set when the user removed a network reminder from his list: the entry stays, so that
     * displaying the reminder again does not bring it back.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    unique('reminder_lists_user_reminder_unique').on(t.userId, t.reminderId),
    index('reminder_lists_reminder_idx').on(t.reminderId),
  ],
);

export const REMINDER_DIGEST_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;

/**
 * One digest mail per user, frequency and period (its first day): the idempotency key of the
 * reminder digests. A run claims the row (`claimed_by` its job, `claimed_at`), mails, then sets
 * `sent_at`; a row already sent is never mailed again, a claim left by a dead run is taken over.
 */
export const reminderDigests = pgTable(
  'reminder_digests',
  {
    id: serial('id').primaryKey(),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    frequency: text('frequency').$type<(typeof REMINDER_DIGEST_FREQUENCIES)[number]>().notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    claimedBy: text('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    reminders: integer('reminders'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('reminder_digests_user_period_unique').on(t.userId, t.frequency, t.periodStart),
    check(
      'reminder_digests_frequency_check',
      sql`${t.frequency} in ('DAILY', 'WEEKLY', 'MONTHLY')`,
    ),
  ],
);
