import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import {
  notificationLists,
  notificationProfiles,
  notificationRules,
  notifications,
} from '../db/schema.js';
import { forbidden } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { INVALID_DATE, INVALID_URL, isValidLink, normalizeEmail } from '../http/fields.js';
import { booleanField, booleanFilter } from './fields.js';
import { notificationIri, withJsonLdIdentity } from './iris.js';
import { withProfilesToNotify } from './profile-references.js';
import type { ResourceSpec, WritableField, WritableResourceSpec } from './types.js';
import { parseDate, parseInstant } from './values.js';
import { paged } from './pagination.js';

const notificationFields = {
  id: notifications.id,
  title: notifications.title,
  description: notifications.description,
  urlLink: notifications.urlLink,
  createdAt: notifications.createdAt,
  expireAt: notifications.expireAt,
};

export interface NotificationRow {
  id: number;
  title: string;
  description: string;
  urlLink: string | null;
  createdAt: Date;
  expireAt: Date | null;
  profilesToNotify?: string[];
}

export const notificationJson = (row: NotificationRow) => ({
  '@id': notificationIri(row.id),
  '@type': 'Notification',
  id: row.id,
  title: row.title,
  description: row.description,
  urlLink: row.urlLink,
  createdAt: row.createdAt.toISOString(),
  expireAt: row.expireAt?.toISOString() ?? null,
  profilesToNotify: row.profilesToNotify ?? [],
});

const withProfiles = <R>(db: Database, rows: R[], notificationOf: (row: R) => NotificationRow) =>
  withProfilesToNotify(db, rows, notificationOf, {
    owner: notificationProfiles.notificationId,
    profile: notificationProfiles.profileId,
  });

const text = (column: WritableField['column']): WritableField => ({
  column,
  nullable: false,
  parse: (value) =>
    typeof value === 'string' && value.trim() !== ''
      ? { value: value.trim() }
      : { violation: messages.required },
});

/** `GET /notifications` and `PATCH /notifications/{id}` (administration), 10 per page. */
export const notificationsResource: WritableResourceSpec<
  typeof notificationFields,
  NotificationRow
> = {
  path: '/notifications',
  type: 'Notification',
  table: notifications,
  id: notifications.id,
  fields: notificationFields,
  joins: {},
  filters: [{ kind: 'partial', param: 'title', expr: notifications.title }],
  orders: { createdAt: notifications.createdAt, expireAt: notifications.expireAt },
  defaultOrder: [['createdAt', 'desc']],
  pagination: paged(10),
  scope: () => Promise.resolve(undefined),
  // Network content: `notifications_page` decides who edits it.
  writeScope: () => Promise.resolve(undefined),
  expand: (rows, { db }) => withProfiles(db, rows, (row) => row),
  serialize: notificationJson,
  writable: {
    title: text(notifications.title),
    description: text(notifications.description),
    urlLink: {
      column: notifications.urlLink,
      nullable: true,
      parse: (value) =>
        typeof value === 'string' && isValidLink(value)
          ? { value: value.trim() }
          : { violation: INVALID_URL },
    },
    expireAt: {
      column: notifications.expireAt,
      nullable: true,
      parse: (value) => {
        const instant = parseInstant(value, true);
        return instant ? { value: instant } : { violation: INVALID_DATE };
      },
    },
  },
};

const notificationListFields = {
  id: notificationLists.id,
  readByUser: notificationLists.readByUser,
  notification: notificationFields,
};

interface NotificationListRow {
  id: number;
  readByUser: boolean;
  notification: NotificationRow;
}

/**
 * `notification.expireAt[after]`: not expired at that instant; a notification without expiry
 * never expires.
 */
function notExpiredFilter(param: string, strictly: boolean) {
  return {
    kind: 'custom' as const,
    param,
    joins: ['notification'],
    apply: (value: unknown) => {
      const { iso } = parseDate(param, value);
      const bound = sql`${iso}::timestamptz`;
      return strictly
        ? sql`(${notifications.expireAt} is null or ${notifications.expireAt} > ${bound})`
        : sql`(${notifications.expireAt} is null or ${notifications.expireAt} >= ${bound})`;
    },
  };
}

/** `GET /notification_lists`: the caller's own entries, newest notification first. */
export const notificationListsResource: ResourceSpec<
  typeof notificationListFields,
  NotificationListRow
> = {
  path: '/notification_lists',
  type: 'NotificationList',
  table: notificationLists,
  id: notificationLists.id,
  fields: notificationListFields,
  joins: {
    notification: (q) =>
      q.innerJoin(notifications, eq(notifications.id, notificationLists.notificationId)),
  },
  filters: [
    {
      // Only the caller's own address is accepted: never another user's notifications.
      kind: 'custom',
      param: 'user.email',
      apply: (value, { principal }) => {
        if (normalizeEmail(String(value)) !== principal.user.email)
          throw forbidden(messages.accessDenied);
        return undefined;
      },
    },
    notExpiredFilter('notification.expireAt[after]', false),
    notExpiredFilter('notification.expireAt[strictly_after]', true),
    {
      kind: 'date',
      param: 'notification.createdAt',
      expr: notifications.createdAt,
      joins: ['notification'],
    },
    booleanFilter('readByUser', notificationLists.readByUser),
  ],
  orders: {
    'notification.createdAt': { expr: notifications.createdAt, joins: ['notification'] },
    'notification.expireAt': { expr: notifications.expireAt, joins: ['notification'] },
  },
  defaultOrder: [['notification.createdAt', 'desc']],
  pagination: paged(100),
  scope: ({ principal }) => Promise.resolve(eq(notificationLists.userId, principal.user.id)),
  expand: (rows, { db }) => withProfiles(db, rows, (row) => row.notification),
  serialize: (row) =>
    withJsonLdIdentity('/notification_lists', 'NotificationList', row.id, {
      readByUser: row.readByUser,
      notification: notificationJson(row.notification),
    }),
};

const ruleFields = {
  id: notificationRules.id,
  name: notificationRules.name,
  label: notificationRules.label,
  isActivate: notificationRules.isActivate,
};

/** `GET /notification_rules` and `PATCH /notification_rules/{id}`. */
export const notificationRulesResource: WritableResourceSpec<
  typeof ruleFields,
  typeof notificationRules.$inferSelect
> = {
  path: '/notification_rules',
  type: 'NotificationRule',
  table: notificationRules,
  id: notificationRules.id,
  fields: ruleFields,
  joins: {},
  filters: [],
  orders: { label: notificationRules.label },
  defaultOrder: [['label', 'asc']],
  pagination: paged(100),
  scope: () => Promise.resolve(undefined),
  // Network settings: `activate_notifications` decides who changes them.
  writeScope: () => Promise.resolve(undefined),
  serialize: (row) =>
    withJsonLdIdentity('/notification_rules', 'NotificationRule', row.id, {
      name: row.name,
      label: row.label,
      isActivate: row.isActivate,
    }),
  writable: { isActivate: booleanField(notificationRules.isActivate) },
};
