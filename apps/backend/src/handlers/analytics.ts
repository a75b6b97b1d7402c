import { sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../auth/principal.js';
import type { Handler, HandlerContext } from '../contract.js';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { DEVICES, trackingEvents, trackingSessions, type TrackingType } from '../db/schema.js';
import { xlsxAttachment } from '../exports/responses.js';
import { xlsxStream, type ExportColumn } from '../exports/xlsx.js';
import { hydraCollection } from '../http/hydra.js';
import {
  clicksExport,
  documentsExport,
  eventsOf,
  pagesExport,
  periodOf,
  sessionsExport,
  sessionsOf,
  trackingUsersResource,
  type Period,
} from '../resources/analytics.js';
import { exportHandler, itemHandler, listHandler } from '../resources/handlers.js';
import type { Deps, HandlerMap } from '../deps.js';

/**
 * Usage analytics. The tops, splits and day series are hand-written: each is one grouped
 * statement over the period's events or sign-ins (a chart's points, not a pageable collection);
 * the users' list and the raw exports are declared on the resource layer.
 */

/** 'Top lists 50 items; charts show … top 10 entries' (spec part 2 §9). */
const TOP_LIST = 50;
const TOP_CHART = 10;

interface Item {
  name: string;
  value: number;
  displayName?: string | null;
  date?: string | null;
  device?: string | null;
  path?: string | null;
}

type Query = (db: Database, period: Period) => Promise<Item[]>;

/** Users by number of events (any type) in the period, most first. */
const topConsultants: Query = async (db, period) =>
  rowsOf<{ id: number; first_name: string; last_name: string; value: number }>(
    await db.execute(sql`
      with top as (
        select ${trackingEvents.userId} as user_id, count(*)::int as value
        from ${trackingEvents} where ${eventsOf(period)}
        group by 1 order by 2 desc, 1 limit ${TOP_LIST})
      select u.id, u.first_name, u.last_name, top.value
      from top join users u on u.id = top.user_id
      order by top.value desc, u.last_name, u.first_name, u.id`),
  ).map((row) => ({
    name: String(row.id),
    displayName: `${row.first_name} ${row.last_name}`,
    value: Number(row.value),
  }));

/** Events of one type grouped by action (page title, document name), most first. */
function topActions(type: TrackingType, limit: number, byPath = false): Query {
  return async (db, period) =>
    rowsOf<{ name: string; path: string; value: number }>(
      await db.execute(sql`
        select ${trackingEvents.action} as name, ${byPath ? trackingEvents.path : sql`min(${trackingEvents.path})`} as path,
          count(*)::int as value
        from ${trackingEvents} where ${eventsOf(period, type)}
        group by ${byPath ? sql`1, 2` : sql`1`} order by value desc, name limit ${limit}`),
    ).map((row) => ({ name: row.name, path: row.path, value: Number(row.value) }));
}

/** Sessions that used each device in the period (every device, zero included). */
const devices: Query = async (db, period) => {
  const counts = new Map(
    rowsOf<{ device: string; value: number }>(
      await db.execute(sql`
        select device, count(*)::int as value from (
          select distinct ${trackingEvents.device} as device, ${trackingEvents.sessionId} as session_id
          from ${trackingEvents} where ${eventsOf(period)}) pairs
        group by 1`),
    ).map((row) => [row.device, Number(row.value)]),
  );
  return DEVICES.map((device) => ({ name: device, device, value: counts.get(device) ?? 0 }));
};

/** Each day of the period (Paris time), with what `perDay` counts on it. */
const daysOf = (period: Period, perDay: SQL) => sql`
  select to_char(d.day, 'YYYY-MM-DD') as date, ${perDay}
  from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') as d(day)`;

const pageDays: Query = async (db, period) =>
  rowsOf<{ date: string; value: number }>(
    await db.execute(sql`
      with counts as (
        select (${trackingEvents.occurredAt} at time zone 'Europe/Paris')::date as day, count(*)::int as value
        from ${trackingEvents} where ${eventsOf(period, 'PAGE')} group by 1)
      ${daysOf(period, sql`coalesce(c.value, 0) as value`)}
      left join counts c on c.day = d.day::date order by d.day`),
  ).map((row) => ({ name: row.date, date: row.date, value: Number(row.value) }));

async function connectionDays(db: Database, period: Period) {
  return rowsOf<{ date: string; unique: number; total: number }>(
    await db.execute(sql`
      with counts as (
        select (${trackingSessions.startedAt} at time zone 'Europe/Paris')::date as day,
          count(distinct ${trackingSessions.userId})::int as uniq, count(*)::int as total
        from ${trackingSessions} where ${sessionsOf(period)} group by 1)
      ${daysOf(period, sql`coalesce(c.uniq, 0) as unique, coalesce(c.total, 0) as total`)}
      left join counts c on c.day = d.day::date order by d.day`),
  ).map((row) => ({ date: row.date, unique: Number(row.unique), total: Number(row.total) }));
}

async function connectionsTotal(db: Database, period: Period) {
  const [row] = rowsOf<{ uniq: number; total: number }>(
    await db.execute(sql`
      select count(distinct ${trackingSessions.userId})::int as uniq, count(*)::int as total
      from ${trackingSessions} where ${sessionsOf(period)}`),
  );
  return { unique: Number(row?.uniq ?? 0), total: Number(row?.total ?? 0) };
}

/**
 * The period, and its user: `userId`, or the `{id}` of `/tracking/users/{id}/…`, whose
 * operations are served by their global twin's handler (an unknown id has no events, like an
 * unknown `userId`).
 */
const periodFrom = (context: HandlerContext<Principal>) =>
  periodOf(
    context.params.id === undefined
      ? context.query
      : { ...context.query, userId: context.params.id },
  );

/** A figure's `@id`: its global path, or the user's when the path names one. */
const figurePath = (context: HandlerContext<Principal>, path: string) =>
  context.params.id === undefined
    ? path
    : path.replace('/tracking/', `/tracking/users/${String(context.params.id)}/`);

function itemsHandler(db: Database, path: string, query: Query): Handler<Principal> {
  return async (context) => ({
    status: 200,
    body: hydraCollection(
      'TrackingItem',
      figurePath(context, path),
      await query(db, periodFrom(context)),
    ),
  });
}

/** A top list as an .xlsx: its 50 rows, the period's. */
function topExport(
  db: Database,
  query: Query,
  sheetName: string,
  label: string,
  columns: ExportColumn<Item>[],
): Handler<Principal> {
  return async (context) => {
    const rows = await query(db, periodFrom(context));
    return xlsxAttachment(context, label, xlsxStream({ sheetName, columns, rows: toAsync(rows) }));
  };
}

async function* toAsync<T>(rows: T[]): AsyncGenerator<T> {
  yield* rows;
}

const valueColumn = (header: string): ExportColumn<Item> => ({
  header,
  value: (row) => row.value,
  format: 'integer',
  width: 14,
});

export function analyticsHandlers({ db }: Deps): HandlerMap {
  const topPages = topActions('PAGE', TOP_LIST);
  const topDocuments = topActions('DOCUMENT', TOP_LIST);
  const handlers = {
    listTrackingUsers: listHandler(db, trackingUsersResource),
    getTrackingUser: itemHandler(db, trackingUsersResource),
    listTrackingTopConsultants: itemsHandler(db, '/tracking/top/consultants', topConsultants),
    listTrackingTopPages: itemsHandler(db, '/tracking/top/pages', topPages),
    listTrackingTopDocuments: itemsHandler(db, '/tracking/top/documents', topDocuments),
    exportTrackingTopConsultants: topExport(
      db,
      topConsultants,
      'Top 50 utilisateurs',
      'top_utilisateurs',
      [
        { header: 'Utilisateur', value: (row) => row.displayName ?? '', width: 32 },
        valueColumn('Actions'),
      ],
    ),
    exportTrackingTopPages: topExport(db, topPages, 'Top 50 pages', 'top_pages', [
      { header: 'Page', value: (row) => row.name, width: 36 },
      { header: 'Chemin', value: (row) => row.path ?? '', width: 36 },
      valueColumn('Vues'),
    ]),
    exportTrackingTopDocuments: topExport(db, topDocuments, 'Top 50 documents', 'top_documents', [
      { header: 'Document', value: (row) => row.name, width: 40 },
      valueColumn('Téléchargements'),
    ]),
    listTrackingDevices: itemsHandler(db, '/tracking/devices', devices),
    getTrackingConnectionsTotal: async (context) => ({
      status: 200,
      body: await connectionsTotal(db, periodFrom(context)),
    }),
    listTrackingConnectionsDays: async (context) => ({
      status: 200,
      body: hydraCollection(
        'TrackingConnectionDay',
        figurePath(context, '/tracking/connections/days'),
        await connectionDays(db, periodFrom(context)),
      ),
    }),
    listTrackingPagesDays: itemsHandler(db, '/tracking/pages/week', pageDays),
    listTrackingPageClicks: itemsHandler(
      db,
      '/tracking/pages/clicks',
      topActions('CLICK', TOP_CHART, true),
    ),
    listTrackingDocuments: itemsHandler(
      db,
      '/tracking/documents',
      topActions('DOCUMENT', TOP_CHART),
    ),
    exportTrackingDocuments: exportHandler(db, documentsExport),
    exportTrackingPages: exportHandler(db, pagesExport),
    exportTrackingClicks: exportHandler(db, clicksExport),
    exportTrackingSessions: exportHandler(db, sessionsExport),
  } satisfies HandlerMap;
  // One user's figures (`/tracking/users/{id}/…`, spec part 2 §7): the global handlers, which
  // read the user from the path.
  return {
    ...handlers,
    listTrackingUserTopPages: handlers.listTrackingTopPages,
    listTrackingUserTopDocuments: handlers.listTrackingTopDocuments,
    listTrackingUserDevices: handlers.listTrackingDevices,
    getTrackingUserConnectionsTotal: handlers.getTrackingConnectionsTotal,
    listTrackingUserConnectionsDays: handlers.listTrackingConnectionsDays,
    listTrackingUserPagesDays: handlers.listTrackingPagesDays,
    listTrackingUserPageClicks: handlers.listTrackingPageClicks,
    listTrackingUserDocuments: handlers.listTrackingDocuments,
  };
}
