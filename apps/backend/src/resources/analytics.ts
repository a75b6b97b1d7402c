import { and, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  TRACKING_TYPES,
  trackingEvents,
  trackingSessions,
  users,
  type TrackingType,
} from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { handListPaging } from './pagination.js';
import type { ExportSpec, Query, ResourceSpec } from './types.js';

/**
 * Usage analytics (spec part 2 §2, §7 Tracking): the period and the user every figure reads,
 * the tracked users' list, and the raw events and sign-ins the exports stream.
 */

/** Most days one request may span: a year and a day, so a leap year fits. */
export const MAX_PERIOD_DAYS = 366;
/** 'Charts show 10 days' (spec part 2 §9). */
export const DEFAULT_PERIOD_DAYS = 10;

export interface Period {
  from: string;
  to: string;
  userId: number | null;
}

const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });
const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The days a period may name: the statistics' years, 2000 to 2100. */
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2100-12-31';
const OUT_OF_RANGE = 'La date doit être comprise entre le 01/01/2000 et le 31/12/2100.';

/**
 * `from`/`to` (days in Paris time, both included; the contract checked their format) and
 * `userId`: by default the 10 days ending today. A reversed or too long period is a 400.
 */
export function periodOf(query: Query, now = new Date()): Period {
  const to = typeof query.to === 'string' ? query.to : parisDay.format(now);
  // The contract's date format lets year 0 through, which PostgreSQL has not.
  if (to < FIRST_DAY || to > LAST_DAY) throw badRequest(OUT_OF_RANGE);
  const from = typeof query.from === 'string' ? query.from : addDays(to, 1 - DEFAULT_PERIOD_DAYS);
  if (from < FIRST_DAY || from > LAST_DAY) throw badRequest(OUT_OF_RANGE);
  if (from > to) throw badRequest('La date de début doit précéder la date de fin.');
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days > MAX_PERIOD_DAYS)
    throw badRequest(`La période ne peut pas dépasser ${MAX_PERIOD_DAYS} jours.`);
  const userId = query.userId === undefined ? null : Number(query.userId);
  return { from, to, userId };
}

/** The instants a period of Paris days starts and ends at (end excluded), for the indexes. */
export const periodStart = (period: Period) =>
  sql`((${period.from}::date)::timestamp at time zone 'Europe/Paris')`;
export const periodEnd = (period: Period) =>
  sql`((${period.to}::date + 1)::timestamp at time zone 'Europe/Paris')`;

/**
 * The events of the period (of its user), of one type: what the users did themselves, not an
 * administrator viewing as them.
 */
export function eventsOf(period: Period, type?: TrackingType): SQL {
  return and(
    sql`${trackingEvents.occurredAt} >= ${periodStart(period)}`,
    sql`${trackingEvents.occurredAt} < ${periodEnd(period)}`,
    isNull(trackingEvents.impersonatorId),
    period.userId === null ? undefined : eq(trackingEvents.userId, period.userId),
    // Every type named: the (type, occurred_at) index then serves the period (a bitmap scan
    // of three ranges) instead of a scan of the whole log.
    type ? eq(trackingEvents.type, type) : inArray(trackingEvents.type, [...TRACKING_TYPES]),
  )!;
}

/** The sign-ins of the period (of its user), impersonations left out. */
export function sessionsOf(period: Period): SQL {
  return and(
    sql`${trackingSessions.startedAt} >= ${periodStart(period)}`,
    sql`${trackingSessions.startedAt} < ${periodEnd(period)}`,
    isNull(trackingSessions.impersonatorId),
    period.userId === null ? undefined : eq(trackingSessions.userId, period.userId),
  )!;
}

const isoInstant = (expr: SQLWrapper) =>
  sql<string | null>`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.mapWith(
    (value: unknown) => (value === null ? null : String(value)),
  );

const userFields = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  lastConnection: isoInstant(
    sql`(select max(s.started_at) from tracking_sessions s where s.user_id = ${users.id} and s.impersonator_id is null)`,
  ),
};

export interface TrackingUserRow {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  lastConnection: string | null;
}

/**
 * `GET /tracking/users` (the list path is ours, spec part 2 §7): every account, 10 a page, by
 * last name (spec part 2 §9), with its last sign-in (one index probe a row of the page).
 */
export const trackingUsersResource: ResourceSpec<typeof userFields, TrackingUserRow> = {
  path: '/tracking/users',
  type: 'TrackingUser',
  table: users,
  id: users.id,
  fields: userFields,
  joins: {},
  filters: [
    { kind: 'partial', param: 'lastName', expr: users.lastName },
    { kind: 'partial', param: 'firstName', expr: users.firstName },
    { kind: 'partial', param: 'email', expr: users.email },
  ],
  orders: { lastName: users.lastName, firstName: users.firstName, email: users.email },
  defaultOrder: [['lastName', 'asc']],
  thenBy: [{ expr: [users.lastName, users.firstName] }],
  pagination: handListPaging(10),
  // Staff only, by the operation's components: every account.
  scope: async () => undefined,
  serialize: (row) => ({
    '@id': `/tracking/users/${row.id}`,
    '@type': 'TrackingUser',
    id: row.id,
    lastName: row.lastName,
    firstName: row.firstName,
    email: row.email,
    lastConnection: row.lastConnection,
  }),
};

const parisText = (expr: SQLWrapper) =>
  sql<string>`to_char(${expr} at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI')`.mapWith(String);

const eventFields = {
  id: trackingEvents.id,
  at: parisText(trackingEvents.occurredAt),
  action: trackingEvents.action,
  path: trackingEvents.path,
  device: trackingEvents.device,
  user: { firstName: users.firstName, lastName: users.lastName, email: users.email },
};

interface EventRow {
  id: number;
  at: string;
  action: string;
  path: string;
  device: string;
  user: { firstName: string; lastName: string; email: string };
}

/** The events of one type the period holds, newest first: what the event exports stream. */
function eventsResource(type: TrackingType): ResourceSpec<typeof eventFields, EventRow> {
  return {
    path: '/tracking/events',
    type: 'TrackingEvent',
    table: trackingEvents,
    id: trackingEvents.id,
    fields: eventFields,
    joins: { user: (q) => q.innerJoin(users, eq(users.id, trackingEvents.userId)) },
    filters: [],
    orders: { occurredAt: trackingEvents.occurredAt },
    defaultOrder: [['occurredAt', 'desc']],
    pagination: handListPaging(25),
    scope: async ({ query }) => eventsOf(periodOf(query), type),
    serialize: (row) => ({ ...row }),
  };
}

const personColumns = [
  { header: 'Nom', value: (row: EventRow) => row.user.lastName, width: 20 },
  { header: 'Prénom', value: (row: EventRow) => row.user.firstName, width: 20 },
  { header: 'Email', value: (row: EventRow) => row.user.email, width: 32 },
];

function eventsExport(
  type: TrackingType,
  sheet: string,
  label: string,
  actionHeader: string,
): ExportSpec<typeof eventFields, EventRow> {
  return {
    resource: eventsResource(type),
    sheet,
    file: { label },
    columns: [
      { header: 'Date', value: (row) => row.at, width: 18 },
      ...personColumns,
      { header: actionHeader, value: (row) => row.action, width: 36 },
      { header: 'Chemin', value: (row) => row.path, width: 36 },
      { header: 'Appareil', value: (row) => row.device, width: 12 },
    ],
  };
}

/** `GET /tracking/pages/export`, `/click/export`, `/documents/export`: every event of the period. */
export const pagesExport = eventsExport('PAGE', 'Pages vues', 'suivi_pages', 'Page');
export const clicksExport = eventsExport('CLICK', 'Clics', 'suivi_clics', 'Élément cliqué');
export const documentsExport = eventsExport('DOCUMENT', 'Documents', 'suivi_documents', 'Document');

const sessionFields = {
  id: trackingSessions.id,
  startedAt: parisText(trackingSessions.startedAt),
  endedAt: sql<
    string | null
  >`to_char(${trackingSessions.endedAt} at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI')`,
  user: { firstName: users.firstName, lastName: users.lastName, email: users.email },
};

interface SessionRow {
  id: string;
  startedAt: string;
  endedAt: string | null;
  user: { firstName: string; lastName: string; email: string };
}

const sessionsResource: ResourceSpec<typeof sessionFields, SessionRow> = {
  path: '/tracking/sessions',
  type: 'TrackingSession',
  table: trackingSessions,
  id: trackingSessions.id,
  fields: sessionFields,
  joins: { user: (q) => q.innerJoin(users, eq(users.id, trackingSessions.userId)) },
  filters: [],
  orders: { startedAt: trackingSessions.startedAt },
  defaultOrder: [['startedAt', 'desc']],
  pagination: handListPaging(25),
  scope: async ({ query }) => sessionsOf(periodOf(query)),
  serialize: (row) => ({ ...row }),
};

/** `GET /tracking/session/export`: every sign-in of the period. */
export const sessionsExport: ExportSpec<typeof sessionFields, SessionRow> = {
  resource: sessionsResource,
  sheet: 'Connexions',
  file: { label: 'suivi_connexions' },
  columns: [
    { header: 'Connexion', value: (row) => row.startedAt, width: 18 },
    { header: 'Nom', value: (row) => row.user.lastName, width: 20 },
    { header: 'Prénom', value: (row) => row.user.firstName, width: 20 },
    { header: 'Email', value: (row) => row.user.email, width: 32 },
    { header: 'Fin', value: (row) => row.endedAt ?? '', width: 18 },
  ],
};
