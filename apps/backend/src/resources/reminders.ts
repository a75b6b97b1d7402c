import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { accessOf } from '../access/principal-access.js';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/client.js';
import { customers, reminderLists, reminders, users } from '../db/schema.js';
import { PARIS } from '../domain/paris-time.js';
import { booleanFilter } from './fields.js';
import { clientReference } from './references.js';
import type { CustomFilter, FilterSpec, RequestContext, ResourceSpec } from './types.js';
import { escapeLike, parseDate } from './values.js';
import { withJsonLdIdentity } from './iris.js';
import { paged } from './pagination.js';

/**
 * Reminders (spec part 1 §3, §4, §7; issue 25). A personal reminder belongs to its author (an
 * agent) and sits in his list; a network (hubnup) reminder, written by staff, sits in every
 * agent's list once displayed (the fan-out: `reminder_lists` rows, `domain/reminders.ts`), until
 * the agent removes it from his list (`removed_at`).
 */

/** The agent a personal reminder belongs to; the owner of a list entry. */
const author = alias(users, 'reminder_author');
const owner = alias(users, 'reminder_owner');

const reminderFields = {
  id: reminders.id,
  title: reminders.title,
  content: reminders.content,
  date: reminders.date,
  type: reminders.type,
  displayed: reminders.displayed,
  prospect: reminders.prospect,
  clientPk: customers.id,
  clientNumber: customers.clientId,
  clientFirstName: customers.firstName,
  clientLastName: customers.lastName,
  authorId: author.id,
  authorFirstName: author.firstName,
  authorLastName: author.lastName,
};

export interface ReminderRow {
  id: number;
  title: string;
  content: string | null;
  date: Date;
  type: 'hubnup' | 'personal';
  displayed: boolean;
  prospect: string | null;
  clientPk: number | null;
  clientNumber: string | null;
  clientFirstName: string | null;
  clientLastName: string | null;
  authorId: number | null;
  authorFirstName: string | null;
  authorLastName: string | null;
}

/** The customer's name of a reminder, or its prospect's. */
export const reminderClientName = (row: ReminderRow) =>
  row.clientPk !== null ? `${row.clientFirstName} ${row.clientLastName}` : row.prospect;

export const reminderIri = (id: number) => `/reminders/${id}`;

export function reminderJson(row: ReminderRow): Record<string, unknown> {
  return {
    '@id': reminderIri(row.id),
    '@type': 'Reminder',
    id: row.id,
    title: row.title,
    content: row.content,
    date: row.date.toISOString(),
    type: row.type,
    displayed: row.displayed,
    client:
      row.clientPk !== null
        ? clientReference({
            id: row.clientPk,
            clientId: row.clientNumber!,
            firstName: row.clientFirstName!,
            lastName: row.clientLastName!,
          })
        : null,
    clientId: row.clientPk,
    prospect: row.prospect,
    author:
      row.type === 'personal' && row.authorId !== null
        ? { id: row.authorId, firstName: row.authorFirstName, lastName: row.authorLastName }
        : null,
  };
}

/**
 * What an agent may read: his personal reminders, and the displayed network reminders still in
 * his list. One condition on `reminders`, shared by the lists, the item, the calendar, the
 * files and the digests.
 */
export function visibleToUser(userId: number): SQL {
  return sql`((${reminders.type} = 'personal' and ${reminders.authorId} = ${userId}) or (${reminders.type} = 'hubnup' and ${reminders.displayed} and exists (select 1 from ${reminderLists} where ${reminderLists.reminderId} = ${reminders.id} and ${reminderLists.userId} = ${userId} and ${reminderLists.removedAt} is null)))`;
}

/**
 * The component that opens the agents' own reminders to staff: 'Mes rappels', the page of the
 * personal reminders (docs/decisions/25-privilege-containment-and-least-privilege.md). Staff without it (Communication) see the
 * network's reminders only: a personal reminder names the agent's customers and his notes.
 */
export const AGENT_REMINDERS_COMPONENT = 'reminders_page';

/**
 * The reminders the caller may read: an agent those `visibleToUser`, staff holding
 * `AGENT_REMINDERS_COMPONENT` every one, other staff the network's. Out of it, an item is a 404.
 */
export async function readableReminders(
  db: Database,
  principal: Principal,
): Promise<SQL | undefined> {
  const access = await accessOf(db, principal);
  if (access.isAgent) return visibleToUser(principal.user.id);
  return access.components.has(AGENT_REMINDERS_COMPONENT)
    ? undefined
    : eq(reminders.type, 'hubnup');
}

/** `date[after]` / `date[before]`: whole days in Paris (inclusive), or instants. */
function parisDateFilter(bound: 'after' | 'before'): CustomFilter {
  const param = `date[${bound}]`;
  return {
    kind: 'custom',
    param,
    apply: (value) => {
      const { iso, dateOnly } = parseDate(param, value);
      if (!dateOnly)
        return bound === 'after'
          ? sql`${reminders.date} >= ${iso}::timestamptz`
          : sql`${reminders.date} <= ${iso}::timestamptz`;
      return bound === 'after'
        ? sql`${reminders.date} >= (${iso}::date::timestamp at time zone ${PARIS})`
        : sql`${reminders.date} < ((${iso}::date + 1)::timestamp at time zone ${PARIS})`;
    },
  };
}

const typeFilter: CustomFilter = {
  kind: 'custom',
  param: 'type',
  // The contract allows '', hubnup and personal; '' is no filter.
  apply: (value) => sql`${reminders.type} = ${String(value)}`,
};

/**
 * The filters of every reminder view; `people` names the joined user the names filter (the
 * list's owner), or none for the reminders themselves (`agentNameFilter`).
 */
function reminderFilters(
  people: typeof owner | null,
  joins: { reminder?: string[]; people: string[] },
): FilterSpec[] {
  const onReminder = (filter: FilterSpec): FilterSpec =>
    joins.reminder ? { ...filter, joins: joins.reminder } : filter;
  const names: FilterSpec[] = people
    ? [
        { kind: 'partial', param: 'firstName', expr: people.firstName, joins: joins.people },
        { kind: 'partial', param: 'lastName', expr: people.lastName, joins: joins.people },
      ]
    : [agentNameFilter('firstName'), agentNameFilter('lastName')];
  return [
    onReminder({ kind: 'partial', param: 'title', expr: reminders.title }),
    onReminder(parisDateFilter('after')),
    onReminder(parisDateFilter('before')),
    onReminder(typeFilter),
    ...names,
  ];
}

/**
 * `firstName` / `lastName` of the reminders themselves: an agent's name names the personal
 * reminders he wrote and the network ones still in his list. A network reminder's author is
 * staff, never the agent the filter asks for: on the author alone it found nothing (issue 41).
 */
function agentNameFilter(param: 'firstName' | 'lastName'): CustomFilter {
  const [authorName, column] =
    param === 'firstName' ? [author.firstName, 'first_name'] : [author.lastName, 'last_name'];
  return {
    kind: 'custom',
    param,
    joins: ['author'],
    apply: (value) => {
      const pattern = `%${escapeLike(String(value).trim())}%`;
      const ownerName = sql`${sql.identifier('entry_owner')}.${sql.identifier(column)}`;
      return sql`((${reminders.type} = 'personal' and ${authorName} ilike ${pattern}) or (${reminders.type} = 'hubnup' and exists (select 1 from ${reminderLists} inner join ${users} as ${sql.identifier('entry_owner')} on ${sql.identifier('entry_owner')}.${sql.identifier('id')} = ${reminderLists.userId} where ${reminderLists.reminderId} = ${reminders.id} and ${reminderLists.removedAt} is null and ${ownerName} ilike ${pattern})))`;
    },
  };
}

const PAGING = paged(10);

/** A reminder's customer and author (either may be absent). */
const reminderJoins = {
  client: (q: PgSelect) => q.leftJoin(customers, eq(customers.id, reminders.customerId)),
  author: (q: PgSelect) => q.leftJoin(author, eq(author.id, reminders.authorId)),
};

/**
 * `GET /reminders`, `GET /reminders/{id}`: the reminders themselves, as `readableReminders` says
 * (the network list asks `type=hubnup`).
 */
export const remindersResource: ResourceSpec<typeof reminderFields, ReminderRow> = {
  path: '/reminders',
  type: 'Reminder',
  table: reminders,
  id: reminders.id,
  fields: reminderFields,
  joins: reminderJoins,
  filters: [
    ...reminderFilters(null, { people: [] }),
    booleanFilter('displayed', reminders.displayed),
  ],
  orders: { date: reminders.date, title: reminders.title },
  defaultOrder: [['date', 'desc']],
  pagination: PAGING,
  scope: ({ db, principal }: RequestContext) => readableReminders(db, principal),
  serialize: reminderJson,
};

const entryFields = {
  id: reminderLists.id,
  reminder: reminderFields,
  ownerId: owner.id,
  ownerFirstName: owner.firstName,
  ownerLastName: owner.lastName,
};

export interface ReminderEntryRow {
  id: number;
  reminder: ReminderRow;
  ownerId: number;
  ownerFirstName: string;
  ownerLastName: string;
}

/**
 * `GET /reminder_list/user` (and its calendar and .ics): list entries. An agent: his own; staff:
 * every agent's (the names filter the agent), of the reminders they may read
 * (`readableReminders`). Removed entries and hidden network reminders are never listed.
 */
export const reminderListsResource: ResourceSpec<typeof entryFields, ReminderEntryRow> = {
  path: '/reminder_list/user',
  type: 'ReminderList',
  table: reminderLists,
  id: reminderLists.id,
  fields: entryFields,
  joins: {
    reminder: (q) => q.innerJoin(reminders, eq(reminders.id, reminderLists.reminderId)),
    ...reminderJoins,
    owner: (q) => q.innerJoin(owner, eq(owner.id, reminderLists.userId)),
  },
  filters: [
    ...reminderFilters(owner, { reminder: ['reminder'], people: ['owner'] }),
    // One reminder's entry: its detail, opened without `?entry=`, finds it to remove it.
    { kind: 'exact', param: 'reminder', expr: reminderLists.reminderId, valueType: 'integer' },
  ],
  orders: {
    date: { expr: reminders.date, joins: ['reminder'] },
    title: { expr: reminders.title, joins: ['reminder'] },
  },
  defaultOrder: [['date', 'desc']],
  pagination: PAGING,
  scope: async ({ db, principal }: RequestContext) => {
    const shown = (readable: SQL | undefined) =>
      sql`${reminderLists.reminderId} in (select ${reminders.id} from ${reminders} where (${reminders.type} = 'personal' or ${reminders.displayed})${readable ? sql` and ${readable}` : sql``}) and ${reminderLists.removedAt} is null`;
    // An agent's own entries are all his to read.
    return (await accessOf(db, principal)).isAgent
      ? and(eq(reminderLists.userId, principal.user.id), shown(undefined))
      : shown(await readableReminders(db, principal));
  },
  serialize: (row) =>
    withJsonLdIdentity('/reminder_lists', 'ReminderList', row.id, {
      reminder: reminderJson(row.reminder),
      user: { id: row.ownerId, firstName: row.ownerFirstName, lastName: row.ownerLastName },
    }),
};
