import { sql, type SQL } from 'drizzle-orm';
import { principalOf, type Principal } from '../auth/principal.js';
import type { HandlerContext } from '../contract.js';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { selfAndDownlineSql } from '../domain/downline.js';
import {
  contains,
  PARTICIPANT_LABELS,
  PARTICIPATIONS_FROM,
  participationRows,
  type ParticipationRow,
} from '../domain/participations.js';
import { teamHead } from '../domain/teams.js';
import { xlsxAttachment } from '../exports/responses.js';
import { type ExportColumn, xlsxStream } from '../exports/xlsx.js';
import { handListPaging, hydraCollectionBody, pagingOf } from '../resources/pagination.js';
import type { Deps, HandlerMap } from './deps.js';

type Context = HandlerContext<Principal>;

/**
 * The participations a request is about: the team of `cgpId` (the caller's; staff: the
 * network) narrowed by the filters, which can never reach past the team.
 */
async function eventsWhere(db: Database, context: Context): Promise<SQL> {
  const query = context.query;
  const head = await teamHead(db, principalOf(context), query.cgpId);
  if (head.empty) return sql`false`;
  const conditions: SQL[] = [
    head.id === null ? sql`true` : sql`p.agent_id in ${selfAndDownlineSql(head.id)}`,
  ];
  const text = (name: string) =>
    typeof query[name] === 'string' && (query[name] as string).trim() !== ''
      ? (query[name] as string).trim()
      : null;
  const consultant = text('bddConsultant.idCgp');
  if (consultant) conditions.push(sql`a.cgp_id = ${consultant}`);
  if (query.exercice !== undefined) conditions.push(sql`s.exercice = ${Number(query.exercice)}`);
  const city = text('ville');
  if (city) conditions.push(contains(sql`s.city`, city));
  const status = text('statut_participant');
  if (status) conditions.push(sql`p.status_participant = ${status}`);
  const inscription = text('statut_inscription');
  if (inscription) conditions.push(sql`p.status_inscription = ${inscription}`);
  const formation = text('formation');
  if (formation)
    conditions.push(sql`m.category = 'FORMATION' and ${contains(sql`m.name`, formation)}`);
  const event = text('event');
  if (event) conditions.push(sql`m.category = 'EVENT' and ${contains(sql`m.name`, event)}`);
  const validated = query.validationFormation;
  if (validated === true || validated === 'true') conditions.push(sql`p.validated`);
  if (validated === false || validated === 'false') conditions.push(sql`not p.validated`);
  return sql.join(conditions, sql` and `);
}

const EVENT_ORDERS: Record<string, SQL> = {
  dateDebut: sql`s.start_date`,
  consultant: sql`a.lastname`,
  ville: sql`s.city`,
};

function eventOrder(query: Record<string, unknown>): SQL {
  for (const [field, expr] of Object.entries(EVENT_ORDERS)) {
    const direction = query[`order[${field}]`];
    if (direction === 'asc' || direction === 'desc')
      return sql`${expr} ${direction === 'asc' ? sql`asc` : sql`desc`}, a.lastname, a.firstname, p.uuid`;
  }
  return sql`s.start_date desc, a.lastname, a.firstname, p.uuid`;
}

export interface TeamEventCountRow {
  id: number;
  idCgp: string;
  fullName: string;
  parrain: string | null;
  formations: number;
  events: number;
  total: number;
}

async function teamEventCounts(
  db: Database,
  where: SQL,
  page: { limit: number; offset: number } | null,
): Promise<{ rows: TeamEventCountRow[]; total: number }> {
  const limit = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const result = await db.execute(sql`
    select a.id, a.cgp_id, a.firstname, a.lastname,
      min(sp.firstname) as sponsor_firstname, min(sp.lastname) as sponsor_lastname,
      count(*) filter (where m.category = 'FORMATION') as formations,
      count(*) filter (where m.category = 'EVENT') as events,
      count(*) as total, count(*) over () as agents
    ${PARTICIPATIONS_FROM}
    where ${where}
    group by a.id
    order by formations desc, events desc, a.lastname, a.firstname, a.id ${limit}`);
  const raw = rowsOf<Record<string, unknown>>(result);
  return {
    total: raw.length ? Number(raw[0]!.agents) : 0,
    rows: raw.map((row) => ({
      id: Number(row.id),
      idCgp: String(row.cgp_id),
      fullName: `${String(row.firstname)} ${String(row.lastname)}`,
      parrain:
        row.sponsor_lastname == null
          ? null
          : `${String(row.sponsor_firstname)} ${String(row.sponsor_lastname)}`,
      formations: Number(row.formations),
      events: Number(row.events),
      total: Number(row.total),
    })),
  };
}

/** The total of a page past the end, which the window count cannot give. */
async function countPastEnd(db: Database, where: SQL, grouped: boolean): Promise<number> {
  const [row] = rowsOf<{ n: unknown }>(
    await db.execute(
      grouped
        ? sql`select count(distinct a.id) as n ${PARTICIPATIONS_FROM} where ${where}`
        : sql`select count(*) as n ${PARTICIPATIONS_FROM} where ${where}`,
    ),
  );
  return Number(row?.n ?? 0);
}

const day = (value: string) => new Date(`${value.slice(0, 10)}T00:00:00Z`);

const EVENT_COLUMNS: ExportColumn<ParticipationRow>[] = [
  { header: 'Exercice', value: (row) => row.exercice, format: 'integer', width: 10 },
  { header: 'Consultant', value: (row) => row.consultant.fullName, width: 24 },
  { header: 'ID CGP', value: (row) => row.consultant.idCgp, width: 12 },
  { header: 'Parrain', value: (row) => row.parrain ?? '', width: 24 },
  { header: 'Formation', value: (row) => row.formation ?? '', width: 32 },
  { header: 'Événement', value: (row) => row.event ?? '', width: 28 },
  { header: 'Ville', value: (row) => row.ville, width: 16 },
  { header: 'Date de début', value: (row) => day(row.dateDebut), format: 'date' },
  {
    header: 'Statut participant',
    value: (row) => PARTICIPANT_LABELS[row.statutParticipant] ?? row.statutParticipant,
    width: 16,
  },
  { header: 'Statut inscription', value: (row) => row.statutInscription, width: 16 },
  { header: "Date d'inscription", value: (row) => day(row.registerDate), format: 'date' },
  { header: 'Validée', value: (row) => (row.validationFormation ? 'Oui' : 'Non'), width: 8 },
];

const COUNT_COLUMNS: ExportColumn<TeamEventCountRow>[] = [
  { header: 'Consultant', value: (row) => row.fullName, width: 24 },
  { header: 'ID CGP', value: (row) => row.idCgp, width: 12 },
  { header: 'Parrain', value: (row) => row.parrain ?? '', width: 24 },
  { header: 'Formations', value: (row) => row.formations, format: 'integer', width: 12 },
  { header: 'Événements', value: (row) => row.events, format: 'integer', width: 12 },
  { header: 'Total', value: (row) => row.total, format: 'integer', width: 10 },
];

async function* each<T>(rows: T[]) {
  yield* rows;
}

/** The team training report: participations, counts per agent and their exports. */
export function eventHandlers({ db }: Deps): HandlerMap {
  return {
    listTeamEvents: async (context) => {
      const where = await eventsWhere(db, context);
      const paging = pagingOf(handListPaging(25), context.query);
      const { rows, total } = await participationRows(db, where, eventOrder(context.query), paging);
      const totalItems =
        rows.length === 0 && paging.offset > 0 ? await countPastEnd(db, where, false) : total;
      const members = rows.map((row) => ({
        '@id': `/events/${row.id}`,
        '@type': 'TeamEvent',
        ...row,
      }));
      return {
        status: 200,
        body: hydraCollectionBody({
          url: context.request.url,
          path: '/events/team',
          type: 'TeamEvent',
          members,
          totalItems,
          paging,
        }),
      };
    },
    countTeamEvents: async (context) => {
      const where = await eventsWhere(db, context);
      const paging = pagingOf(handListPaging(10), context.query);
      const { rows, total } = await teamEventCounts(db, where, paging);
      const totalItems =
        rows.length === 0 && paging.offset > 0 ? await countPastEnd(db, where, true) : total;
      const members = rows.map((row) => ({ '@type': 'TeamEventCount', ...row }));
      return {
        status: 200,
        body: hydraCollectionBody({
          url: context.request.url,
          path: '/events/count',
          type: 'TeamEventCount',
          members,
          totalItems,
          paging,
        }),
      };
    },
    exportTeamEventCounts: async (context) => {
      const where = await eventsWhere(db, context);
      const { rows } = await teamEventCounts(db, where, null);
      const file = xlsxStream({
        sheetName: 'Formation équipe',
        columns: COUNT_COLUMNS,
        rows: each(rows),
      });
      return xlsxAttachment(context, 'formation_equipe', file);
    },
    exportTeamEvents: async (context) => {
      const where = await eventsWhere(db, context);
      const { rows } = await participationRows(db, where, eventOrder(context.query), null);
      const file = xlsxStream({
        sheetName: 'Détail équipe',
        columns: EVENT_COLUMNS,
        rows: each(rows),
      });
      return xlsxAttachment(context, 'detail_equipe', file);
    },
  };
}
