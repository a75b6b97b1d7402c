import { and, between, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import {
  DEVICES,
  TRACKING_TYPES,
  trackingDailyActions,
  trackingDailyPages,
  trackingDailySessions,
  trackingDailyUsers,
  trackingEvents,
  trackingRollupDays,
  trackingSessions,
  users,
  type TrackingType,
} from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { paged, readWhole } from './pagination.js';
import { sourceColumns, toNumber, toText } from './sources.js';
import { sumsOver } from './sums.js';
import type {
  DeclaredColumn,
  ExportSpec,
  Query,
  RequestContext,
  ResourceSpec,
  SourceResourceSpec,
  SqlSource,
  SumSpec,
} from './types.js';

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
export const periodStart = (period: Days) =>
  sql`((${period.from}::date)::timestamp at time zone 'Europe/Paris')`;
export const periodEnd = (period: Days) =>
  sql`((${period.to}::date + 1)::timestamp at time zone 'Europe/Paris')`;

/** Days, both included (Paris time). */
type Days = Pick<Period, 'from' | 'to'>;

/**
 * The events of some runs of days (of the period's user), of one type: what the users did
 * themselves, not an administrator viewing as them.
 */
function eventsIn(runs: Days[], userId: number | null, type?: TrackingType): SQL {
  return and(
    or(
      ...runs.map((days) =>
        and(
          sql`${trackingEvents.occurredAt} >= ${periodStart(days)}`,
          sql`${trackingEvents.occurredAt} < ${periodEnd(days)}`,
        ),
      ),
    ),
    isNull(trackingEvents.impersonatorId),
    userId === null ? undefined : eq(trackingEvents.userId, userId),
    // Every type named: the (type, occurred_at) index then serves the period (a bitmap scan
    // of three ranges) instead of a scan of the whole log.
    type ? eq(trackingEvents.type, type) : inArray(trackingEvents.type, [...TRACKING_TYPES]),
  )!;
}

/** The events of the period (of its user), of one type. */
export const eventsOf = (period: Period, type?: TrackingType): SQL =>
  eventsIn([period], period.userId, type);

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
  pagination: paged(10),
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
  route: trackingEvents.route,
  device: trackingEvents.device,
  user: { firstName: users.firstName, lastName: users.lastName, email: users.email },
};

interface EventRow {
  id: number;
  at: string;
  action: string;
  path: string;
  route: string;
  device: string;
  user: { firstName: string; lastName: string; email: string };
}

/**
 * The rows of a tracking table the period holds, newest first, with their user: what the raw
 * exports stream. `order` names the instant (`occurredAt`, `startedAt`).
 */
function periodLog<F extends SelectedFields, Row>(options: {
  path: string;
  type: string;
  table: typeof trackingEvents | typeof trackingSessions;
  fields: F;
  order: [string, PgColumn];
  of(period: Period): SQL;
}): ResourceSpec<F, Row> {
  const { table, order } = options;
  return {
    path: options.path,
    type: options.type,
    table,
    id: table.id,
    fields: options.fields,
    joins: { user: (q) => q.innerJoin(users, eq(users.id, table.userId)) },
    filters: [],
    orders: { [order[0]]: order[1] },
    defaultOrder: [[order[0], 'desc']],
    pagination: paged(25),
    scope: async ({ query }) => options.of(periodOf(query)),
    serialize: (row) => ({ ...(row as object) }),
  };
}

/** The events of one type the period holds. */
const eventsResource = (type: TrackingType) =>
  periodLog<typeof eventFields, EventRow>({
    path: '/tracking/events',
    type: 'TrackingEvent',
    table: trackingEvents,
    fields: eventFields,
    order: ['occurredAt', trackingEvents.occurredAt],
    of: (period) => eventsOf(period, type),
  });

type WithUser = { user: { firstName: string; lastName: string; email: string } };
const personColumns = <Row extends WithUser>(): DeclaredColumn<Row>[] => [
  { header: 'Nom', value: (row) => row.user.lastName, width: 20 },
  { header: 'Prénom', value: (row) => row.user.firstName, width: 20 },
  { header: 'Email', value: (row) => row.user.email, width: 32 },
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
      ...personColumns<EventRow>(),
      { header: actionHeader, value: (row) => row.action, width: 36 },
      { header: 'Chemin', value: (row) => row.path, width: 36 },
      // The page's key, which the top lists count by.
      { header: 'Route', value: (row) => row.route, width: 36 },
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

const sessionsResource = periodLog<typeof sessionFields, SessionRow>({
  path: '/tracking/sessions',
  type: 'TrackingSession',
  table: trackingSessions,
  fields: sessionFields,
  order: ['startedAt', trackingSessions.startedAt],
  of: sessionsOf,
});

/** `GET /tracking/session/export`: every sign-in of the period. */
export const sessionsExport: ExportSpec<typeof sessionFields, SessionRow> = {
  resource: sessionsResource,
  sheet: 'Connexions',
  file: { label: 'suivi_connexions' },
  columns: [
    { header: 'Connexion', value: (row) => row.startedAt, width: 18 },
    ...personColumns<SessionRow>(),
    { header: 'Fin', value: (row) => row.endedAt ?? '', width: 18 },
  ],
};

/** 'Top lists 50 items; charts show … top 10 entries' (spec part 2 §9). */
const TOP_LIST = 50;
const TOP_CHART = 10;

/**
 * The period of a figure, and its user: `userId`, or the `{id}` of `/tracking/users/{id}/…`,
 * whose figures are the global ones read for him (an unknown id has no events, like an unknown
 * `userId`).
 */
const periodFrom = ({ query, params }: RequestContext) =>
  periodOf(params?.id === undefined ? query : { ...query, userId: params.id });

/** A period, and those of its days the daily roll-up holds (migration 0019). */
interface RolledPeriod extends Period {
  rolled: ReadonlySet<string>;
}

/**
 * A figure's statement over the period (of its user), as the source `alias`. The days the
 * roll-up holds are read first (an index range), so that the statement names its days as
 * constants: the planner then knows it reads a day or two of events, not a guess of a year.
 */
const periodSource = (alias: string, statement: (period: RolledPeriod) => SQL): SqlSource => ({
  alias,
  query: async (context) => {
    const period = periodFrom(context);
    const rolled = await context.db
      .select({ day: trackingRollupDays.day })
      .from(trackingRollupDays)
      .where(between(trackingRollupDays.day, period.from, period.to));
    return statement({ ...period, rolled: new Set(rolled.map((row) => row.day)) });
  },
});

/** The period's runs of days the roll-up holds, and of the others. */
function runsOf({ from, to, rolled }: RolledPeriod) {
  const runs = { rolled: [] as Days[], raw: [] as Days[] };
  let last: Days | undefined;
  let lastRolled = false;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const isRolled = rolled.has(day);
    if (last && isRolled === lastRolled) last.to = day;
    else {
      last = { from: day, to: day };
      lastRolled = isRolled;
      (isRolled ? runs.rolled : runs.raw).push(last);
    }
  }
  return runs;
}

/** What a figure reads of its daily roll-up (migration 0019). */
interface Rollup {
  table: PgTable;
  /** Its rows in the shape of the figure's rows of events. */
  select: SQL;
  where?: SQL;
  /** Whether it has `user_id`: one user's figure can read it. */
  perUser: boolean;
}

/**
 * A figure's rows over the period (issue 43): those of its daily roll-up on the days the
 * roll-up holds, then one row per event (`raw`, in the roll-up's shape) of the period's other
 * days: today, and the days not rolled up yet or touched since (a late event, a deletion:
 * migration 0019). One user's figure over a roll-up without users reads his events (an index
 * range). A day taken out of the roll-up after its days were read is still read from it: as
 * it was just before that change, like a read just before it.
 */
function periodRows(
  period: RolledPeriod,
  type: TrackingType | undefined,
  rollup: Rollup,
  raw: SQL,
) {
  const runs =
    period.userId !== null && !rollup.perUser ? { rolled: [], raw: [period] } : runsOf(period);
  const parts: SQL[] = [];
  if (runs.rolled.length > 0)
    parts.push(
      sql`select ${rollup.select} from ${rollup.table} where ${and(
        or(...runs.rolled.map(({ from, to }) => sql`day between ${from}::date and ${to}::date`)),
        rollup.where,
        period.userId === null ? undefined : sql`user_id = ${period.userId}`,
      )}`,
    );
  if (runs.raw.length > 0)
    parts.push(
      sql`select ${raw} from ${trackingEvents} where ${eventsIn(runs.raw, period.userId, type)}`,
    );
  return sql.join(parts, sql` union all `);
}

/**
 * A figure (a top list, a split, a day series): one grouped statement over the period's events
 * or sign-ins, every row at once in the order its `rank` (or day) gives, as the unpaged
 * collection of a chart's points (`TrackingItem`, spec part 2 §3).
 */
const figure = { ...readWhole, type: 'TrackingItem' };

/** The same figure for one user: `/tracking/users/{id}/…`. */
export const ofUser = <F extends SelectedFields, R>(
  resource: SourceResourceSpec<F, R>,
): SourceResourceSpec<F, R> => ({
  ...resource,
  path: resource.path.replace('/tracking/', '/tracking/users/{id}/'),
});

const consultant = sourceColumns('consultants', {
  rank: toNumber,
  id: toNumber,
  first_name: toText,
  last_name: toText,
  value: toNumber,
});
const consultantFields = {
  id: consultant.id,
  firstName: consultant.first_name,
  lastName: consultant.last_name,
  value: consultant.value,
};
interface ConsultantRow {
  id: number;
  firstName: string;
  lastName: string;
  value: number;
}

/** `GET /tracking/top/consultants`: users by number of events (any type) in the period. */
export const topConsultants: SourceResourceSpec<typeof consultantFields, ConsultantRow> = {
  ...figure,
  path: '/tracking/top/consultants',
  // The 50 are cut by count, then by id, before the names are read.
  source: periodSource(
    'consultants',
    (period) => sql`
      with counts as (
        select user_id, sum(value)::int as value from (${periodRows(
          period,
          undefined,
          { table: trackingDailyUsers, select: sql`user_id, events as value`, perUser: true },
          sql`${trackingEvents.userId} as user_id, 1 as value`,
        )}) as events
        group by 1 order by 2 desc, 1 limit ${TOP_LIST})
      select u.id, u.first_name, u.last_name, counts.value,
        row_number() over (order by counts.value desc, u.last_name, u.first_name, u.id) as rank
      from counts join users u on u.id = counts.user_id`,
  ),
  id: consultant.rank,
  fields: consultantFields,
  serialize: (row) => ({
    name: String(row.id),
    displayName: `${row.firstName} ${row.lastName}`,
    value: row.value,
  }),
};

const action = sourceColumns('actions', {
  rank: toNumber,
  name: toText,
  path: toText,
  value: toNumber,
});
const actionFields = { name: action.name, path: action.path, value: action.value };
interface ActionRow {
  name: string;
  path: string;
  value: number;
}

/**
 * Events of one type by what `by` names, most first: `action` (a document's name), `route`
 * (a page: one row per route pattern, named by its latest title, so that neither its ids nor a
 * renamed title split it), or `actionAndRoute` (a click: the element and the page).
 */
function topActions(
  path: string,
  type: TrackingType,
  top: number,
  by: 'action' | 'route' | 'actionAndRoute',
): SourceResourceSpec<typeof actionFields, ActionRow> {
  const { action: name, route, path: where, occurredAt, id } = trackingEvents;
  // A page's rows carry their latest title, with its instant and id to find the latest of all.
  const rollup: Rollup =
    by === 'route'
      ? {
          table: trackingDailyPages,
          select: sql`route, views as n, last_at, last_id, last_title as action, route as path`,
          perUser: false,
        }
      : {
          table: trackingDailyActions,
          select: sql`route, events as n, null::timestamptz as last_at, null::bigint as last_id,
            action, first_path as path`,
          where: eq(trackingDailyActions.type, type),
          perUser: false,
        };
  const raw = sql`${route} as route, 1 as n, ${occurredAt} as last_at, ${id} as last_id,
    ${name} as action, ${where} as path`;
  const select = {
    action: sql`action as name, min(path) as path`,
    route: sql`(array_agg(action order by last_at desc, last_id desc))[1] as name, route as path`,
    actionAndRoute: sql`action as name, route as path`,
  }[by];
  const group = { action: sql`action`, route: sql`route`, actionAndRoute: sql`action, route` }[by];
  return {
    ...figure,
    path,
    source: periodSource(
      'actions',
      (period) => sql`
        select ${select}, sum(n)::int as value,
          row_number() over (order by sum(n) desc, ${group}) as rank
        from (${periodRows(period, type, rollup, raw)}) as events
        group by ${group}`,
    ),
    id: action.rank,
    fields: actionFields,
    top,
    serialize: (row) => ({ name: row.name, path: row.path, value: row.value }),
  };
}

/** `GET /tracking/top/pages`, `/top/documents`: the 50 most viewed, downloaded. */
export const topPages = topActions('/tracking/top/pages', 'PAGE', TOP_LIST, 'route');
export const topDocuments = topActions('/tracking/top/documents', 'DOCUMENT', TOP_LIST, 'action');
/** `GET /tracking/pages/clicks`, `/documents`: the charts' 10 (clicks by element and page). */
export const pageClicks = topActions(
  '/tracking/pages/clicks',
  'CLICK',
  TOP_CHART,
  'actionAndRoute',
);
export const documentsChart = topActions('/tracking/documents', 'DOCUMENT', TOP_CHART, 'action');

const device = sourceColumns('devices', { rank: toNumber, device: toText, value: toNumber });
const deviceFields = { device: device.device, value: device.value };

/** `GET /tracking/devices`: sessions that used each device in the period (zero included). */
export const devices: SourceResourceSpec<typeof deviceFields, { device: string; value: number }> = {
  ...figure,
  path: '/tracking/devices',
  source: periodSource(
    'devices',
    (period) => sql`
        with counts as (
          select device, count(*)::int as value from (
            select distinct device, session_id from (${periodRows(
              period,
              undefined,
              { table: trackingDailySessions, select: sql`device, session_id`, perUser: true },
              sql`${trackingEvents.device} as device, ${trackingEvents.sessionId} as session_id`,
            )}) as events) pairs
          group by 1)
        select d.device, coalesce(c.value, 0) as value, d.rank
        from unnest(array[${sql.join(
          DEVICES.map((name) => sql`${name}`),
          sql`, `,
        )}]::text[]) with ordinality as d(device, rank)
        left join counts c on c.device = d.device`,
  ),
  id: device.rank,
  fields: deviceFields,
  serialize: (row) => ({ name: row.device, device: row.device, value: row.value }),
};

/**
 * Each day of the period (Paris time), with what `perDay` reads of its row of `counts` (a
 * statement grouped by `day`), as the source `days`.
 */
const daysSource = (counts: (period: RolledPeriod) => SQL, perDay: SQL) =>
  periodSource(
    'days',
    (period) => sql`
      with counts as (${counts(period)})
      select to_char(d.day, 'YYYY-MM-DD') as date, ${perDay}
      from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') as d(day)
      left join counts c on c.day = d.day::date`,
  );

const pageDay = sourceColumns('days', { date: toText, value: toNumber });

/** `GET /tracking/pages/week`: pages viewed each day of the period. */
export const pageDays: SourceResourceSpec<typeof pageDay, { date: string; value: number }> = {
  ...figure,
  path: '/tracking/pages/week',
  source: daysSource(
    (period) => sql`
      select day, sum(value)::int as value from (${periodRows(
        period,
        'PAGE',
        { table: trackingDailyUsers, select: sql`day, pages as value`, perUser: true },
        sql`(${trackingEvents.occurredAt} at time zone 'Europe/Paris')::date as day, 1 as value`,
      )}) as events
      group by 1`,
    sql`coalesce(c.value, 0) as value`,
  ),
  id: pageDay.date,
  fields: pageDay,
  serialize: (row) => ({ name: row.date, date: row.date, value: row.value }),
};

const connectionDay = sourceColumns('days', { date: toText, unique: toNumber, total: toNumber });
interface ConnectionDayRow {
  date: string;
  unique: number;
  total: number;
}

/** `GET /tracking/connections/days`: users signed in, and sign-ins, each day of the period. */
export const connectionDays: SourceResourceSpec<typeof connectionDay, ConnectionDayRow> = {
  ...figure,
  path: '/tracking/connections/days',
  type: 'TrackingConnectionDay',
  source: daysSource(
    (period) => sql`
      select day, count(*)::int as uniq, sum(n)::int as total from (
        select (${trackingSessions.startedAt} at time zone 'Europe/Paris')::date as day,
          ${trackingSessions.userId}, count(*) as n
        from ${trackingSessions} where ${sessionsOf(period)} group by 1, 2) as signins
      group by 1`,
    sql`coalesce(c.uniq, 0) as unique, coalesce(c.total, 0) as total`,
  ),
  id: connectionDay.date,
  fields: connectionDay,
  serialize: (row) => ({ date: row.date, unique: row.unique, total: row.total }),
};

/** `GET /tracking/connections/total`: users signed in, and sign-ins, in the period. */
export const connectionsTotal: SumSpec<{ unique: number; total: number }> = {
  parts: [
    sumsOver(sessionsResource, {
      uniq: sql`count(distinct ${trackingSessions.userId})::int`,
      total: sql`count(*)::int`,
    }),
  ],
  // The user of `/tracking/users/{id}/…` as `userId`, which the sessions' scope reads.
  parameters: ({ query, params }) =>
    params.id === undefined ? query : { ...query, userId: params.id },
  answer: ({ uniq = 0, total = 0 }) => ({ unique: uniq, total }),
};

/** A top list's export: its rows, the period's, each with its count last. */
const topListExport = <F extends SelectedFields, Row extends { value: number }>(
  resource: SourceResourceSpec<F, Row>,
  sheet: string,
  label: string,
  columns: DeclaredColumn<Row>[],
  countHeader: string,
): ExportSpec<F, Row> => ({
  resource,
  sheet,
  file: { label },
  columns: [
    ...columns,
    { header: countHeader, value: (row) => row.value, format: 'integer', width: 14 },
  ],
});

/** `GET /tracking/top/consultants/export`, `/top/pages/export`, `/top/documents/export`. */
export const topConsultantsExport = topListExport(
  topConsultants,
  'Top 50 utilisateurs',
  'top_utilisateurs',
  [{ header: 'Utilisateur', value: (row) => `${row.firstName} ${row.lastName}`, width: 32 }],
  'Actions',
);
export const topPagesExport = topListExport(
  topPages,
  'Top 50 pages',
  'top_pages',
  [
    { header: 'Page', value: (row) => row.name, width: 36 },
    { header: 'Route', value: (row) => row.path ?? '', width: 36 },
  ],
  'Vues',
);
export const topDocumentsExport = topListExport(
  topDocuments,
  'Top 50 documents',
  'top_documents',
  [{ header: 'Document', value: (row) => row.name, width: 40 }],
  'Téléchargements',
);
