import { eq, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { agents, trainingModels, trainingParticipations, trainingSessions } from '../db/schema.js';
import { selfAndDownlineSql } from '../domain/downline.js';
import { currentExercice } from '../domain/exercice.js';
import { PARTICIPANT_LABELS, RECOMMENDED_TRAININGS } from '../domain/participations.js';
import { teamHead } from '../domain/teams.js';
import { booleanFilter } from './fields.js';
import { paged } from './pagination.js';
import { groupedSource, sourceColumns, toNumber, toText } from './sources.js';
import { sumsOver } from './sums.js';
import type {
  CustomFilter,
  DeclaredColumn,
  ExportSpec,
  FilterSpec,
  RequestContext,
  SourceResourceSpec,
  SumSpec,
  ResourceSpec,
} from './types.js';
import { escapeLike } from './values.js';

/**
 * Participations in trainings and events (a participation, its session, the session's model,
 * the agent and his sponsor): the team training report (`/events/team`, its counts per agent
 * and their exports) and the caller's training history (training API).
 */

const sponsor = alias(agents, 'sponsor');

const fields = {
  id: trainingParticipations.uuid,
  exercice: trainingSessions.exercice,
  consultant: { cgpId: agents.cgpId, firstname: agents.firstname, lastname: agents.lastname },
  sponsor: { firstname: sponsor.firstname, lastname: sponsor.lastname },
  model: { name: trainingModels.name, category: trainingModels.category },
  city: trainingSessions.city,
  startDate: trainingSessions.startDate,
  statusParticipant: trainingParticipations.statusParticipant,
  statusInscription: trainingParticipations.statusInscription,
  registeredAt: sql<string>`to_char(${trainingParticipations.registeredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  validated: trainingParticipations.validated,
};

export interface ParticipationRow {
  id: string;
  exercice: number;
  consultant: { cgpId: string; firstname: string; lastname: string };
  sponsor: { firstname: string; lastname: string } | null;
  model: { name: string; category: 'EVENT' | 'FORMATION' };
  city: string;
  startDate: string;
  statusParticipant: string;
  statusInscription: string;
  registeredAt: string;
  validated: boolean;
}

const joins = {
  session: (q: PgSelect) =>
    q.innerJoin(trainingSessions, eq(trainingSessions.id, trainingParticipations.sessionId)),
  model: (q: PgSelect) =>
    q.innerJoin(trainingModels, eq(trainingModels.id, trainingSessions.modelId)),
  consultant: (q: PgSelect) => q.innerJoin(agents, eq(agents.id, trainingParticipations.agentId)),
  sponsor: (q: PgSelect) => q.leftJoin(sponsor, eq(sponsor.id, agents.sponsorId)),
};

const fullName = (person: { firstname: string; lastname: string }) =>
  `${person.firstname} ${person.lastname}`;
const parrainOf = (row: ParticipationRow) => (row.sponsor ? fullName(row.sponsor) : null);
const training = (row: ParticipationRow) =>
  row.model.category === 'FORMATION' ? row.model.name : null;
const event = (row: ParticipationRow) => (row.model.category === 'EVENT' ? row.model.name : null);

/** `param=text`: a model of `category` whose name contains the text (case-insensitive). */
function modelNamed(param: string, category: 'FORMATION' | 'EVENT'): CustomFilter {
  return {
    kind: 'custom',
    param,
    joins: ['session', 'model'],
    apply: (value) => {
      const text = String(value).trim();
      if (text === '') return undefined;
      return sql`${trainingModels.category} = ${category} and ${trainingModels.name} ilike ${`%${escapeLike(text)}%`}`;
    },
  };
}

/**
 * The participations of the team of `cgpId` (the caller's; staff: the network); an agent
 * reaches his own team and the teams inside it (403 beyond).
 */
async function teamScope({ db, principal, query }: RequestContext): Promise<SQL | undefined> {
  const head = await teamHead(db, principal, query.cgpId);
  if (head.empty) return sql`false`;
  return head.id === null
    ? undefined
    : sql`${trainingParticipations.agentId} in ${selfAndDownlineSql(head.id)}`;
}

/** What the team's participations and one's own training history read: each participation. */
const participations = {
  table: trainingParticipations,
  id: trainingParticipations.uuid,
  fields,
  joins,
};

/** The session's exercice (`param`), one or several. */
const sessionYear = (param: string): FilterSpec => ({
  kind: 'exact',
  param,
  expr: trainingSessions.exercice,
  valueType: 'integer',
  joins: ['session'],
});

/** The session's city, part of it (`param`). */
const sessionCity = (param: string): FilterSpec => ({
  kind: 'partial',
  param,
  expr: trainingSessions.city,
  joins: ['session'],
});

/** `GET /events/team` ('Détail Equipe'): each participation of the team, 25 a page. */
export const teamEvents: ResourceSpec<typeof fields, ParticipationRow> = {
  path: '/events/team',
  type: 'TeamEvent',
  ...participations,
  filters: [
    {
      kind: 'exact',
      param: 'bddConsultant.idCgp',
      expr: agents.cgpId,
      trim: true,
      joins: ['consultant'],
    },
    sessionYear('exercice'),
    sessionCity('ville'),
    {
      kind: 'exact',
      param: 'statut_participant',
      expr: trainingParticipations.statusParticipant,
      trim: true,
    },
    {
      kind: 'exact',
      param: 'statut_inscription',
      expr: trainingParticipations.statusInscription,
      trim: true,
    },
    modelNamed('formation', 'FORMATION'),
    modelNamed('event', 'EVENT'),
    booleanFilter('validationFormation', trainingParticipations.validated),
  ],
  orders: {
    dateDebut: { expr: trainingSessions.startDate, joins: ['session'] },
    consultant: { expr: agents.lastname, joins: ['consultant'] },
    ville: { expr: trainingSessions.city, joins: ['session'] },
  },
  defaultOrder: [['dateDebut', 'desc']],
  // Same session: by the agent's name.
  thenBy: [{ expr: [agents.lastname, agents.firstname], joins: ['consultant'] }],
  pagination: paged(25),
  scope: teamScope,
  serialize: (row) => ({
    '@id': `/events/${row.id}`,
    '@type': 'TeamEvent',
    id: row.id,
    exercice: row.exercice,
    consultant: { fullName: fullName(row.consultant), idCgp: row.consultant.cgpId },
    parrain: parrainOf(row),
    formation: training(row),
    event: event(row),
    ville: row.city,
    dateDebut: row.startDate,
    statutParticipant: row.statusParticipant,
    statutInscription: row.statusInscription,
    registerDate: row.registeredAt,
    validationFormation: row.validated,
  }),
};

const counts = sourceColumns('counts', {
  id: toNumber,
  cgp_id: toText,
  firstname: toText,
  lastname: toText,
  sponsor_firstname: toText,
  sponsor_lastname: toText,
  formations: toNumber,
  events: toNumber,
  total: toNumber,
});

const countFields = {
  id: counts.id,
  idCgp: counts.cgp_id,
  firstname: counts.firstname,
  lastname: counts.lastname,
  sponsorFirstname: counts.sponsor_firstname,
  sponsorLastname: counts.sponsor_lastname,
  formations: counts.formations,
  events: counts.events,
  total: counts.total,
};

export interface TeamEventCountRow {
  id: number;
  idCgp: string;
  firstname: string;
  lastname: string;
  sponsorFirstname: string | null;
  sponsorLastname: string | null;
  formations: number;
  events: number;
  total: number;
}

const countParrain = (row: TeamEventCountRow) =>
  row.sponsorLastname === null ? null : `${row.sponsorFirstname} ${row.sponsorLastname}`;

/**
 * `GET /events/count` ('Formation Equipe'): the team's participations (the scope and filters of
 * `/events/team`, read from the same request) grouped per agent, most trainings first.
 */
export const teamEventCounts: SourceResourceSpec<typeof countFields, TeamEventCountRow> = {
  path: '/events/count',
  type: 'TeamEventCount',
  source: groupedSource(teamEvents, {
    alias: 'counts',
    joins: ['session', 'model', 'consultant', 'sponsor'],
    columns: {
      id: agents.id,
      cgp_id: agents.cgpId,
      firstname: agents.firstname,
      lastname: agents.lastname,
      sponsor_firstname: sql`min(${sponsor.firstname})`,
      sponsor_lastname: sql`min(${sponsor.lastname})`,
      formations: sql`count(*) filter (where ${trainingModels.category} = 'FORMATION')`,
      events: sql`count(*) filter (where ${trainingModels.category} = 'EVENT')`,
      total: sql`count(*)`,
    },
    groupBy: [agents.id],
  }),
  id: counts.id,
  fields: countFields,
  joins: {},
  // The filters are those of `/events/team`, applied inside the source, before grouping.
  filters: [],
  orders: { formations: counts.formations, events: counts.events },
  defaultOrder: [
    ['formations', 'desc'],
    ['events', 'desc'],
  ],
  thenBy: [{ expr: [counts.lastname, counts.firstname] }],
  pagination: paged(10),
  // The team is `/events/team`'s scope, applied inside the source.
  scope: async () => undefined,
  serialize: (row) => ({
    '@type': 'TeamEventCount',
    id: row.id,
    idCgp: row.idCgp,
    fullName: fullName(row),
    parrain: countParrain(row),
    formations: row.formations,
    events: row.events,
    total: row.total,
  }),
};

const day = (value: string) => new Date(`${value.slice(0, 10)}T00:00:00Z`);
const participantLabel = (row: ParticipationRow) =>
  PARTICIPANT_LABELS[row.statusParticipant] ?? row.statusParticipant;

/** The columns the team's and one's own participation exports write alike. */
const column = {
  exercice: { header: 'Exercice', value: (row) => row.exercice, format: 'integer', width: 10 },
  training: { header: 'Formation', value: (row) => training(row) ?? '', width: 32 },
  event: { header: 'Événement', value: (row) => event(row) ?? '', width: 28 },
  city: { header: 'Ville', value: (row) => row.city, width: 16 },
  participant: { header: 'Statut participant', value: participantLabel, width: 16 },
  inscription: {
    header: 'Statut inscription',
    value: (row) => row.statusInscription,
    width: 16,
  },
  validated: { header: 'Validée', value: (row) => (row.validated ? 'Oui' : 'Non'), width: 8 },
} satisfies Record<string, DeclaredColumn<ParticipationRow>>;

/** `GET /cgps/export/eventsDetails`: the participations of `/events/team`, every one. */
export const teamEventsExport: ExportSpec<typeof fields, ParticipationRow> = {
  resource: teamEvents,
  sheet: 'Détail équipe',
  file: { label: 'detail_equipe' },
  columns: [
    column.exercice,
    { header: 'Consultant', value: (row) => fullName(row.consultant), width: 24 },
    { header: 'ID CGP', value: (row) => row.consultant.cgpId, width: 12 },
    { header: 'Parrain', value: (row) => parrainOf(row) ?? '', width: 24 },
    column.training,
    column.event,
    column.city,
    { header: 'Date de début', value: (row) => day(row.startDate), format: 'date' },
    column.participant,
    column.inscription,
    { header: "Date d'inscription", value: (row) => day(row.registeredAt), format: 'date' },
    column.validated,
  ],
};

/** `GET /cgps/export/events`: the counts of `/events/count`, every agent. */
export const teamEventCountsExport: ExportSpec<typeof countFields, TeamEventCountRow> = {
  resource: teamEventCounts,
  sheet: 'Formation équipe',
  file: { label: 'formation_equipe' },
  columns: [
    { header: 'Consultant', value: (row) => fullName(row), width: 24 },
    { header: 'ID CGP', value: (row) => row.idCgp, width: 12 },
    { header: 'Parrain', value: (row) => countParrain(row) ?? '', width: 24 },
    { header: 'Formations', value: (row) => row.formations, format: 'integer', width: 12 },
    { header: 'Événements', value: (row) => row.events, format: 'integer', width: 12 },
    { header: 'Total', value: (row) => row.total, format: 'integer', width: 10 },
  ],
};

/**
 * `GET /api/users/me/training-history` (training API): the caller's own participations (none
 * for a user who is not an agent), newest session first, 25 a page.
 */
export const trainingHistory: ResourceSpec<typeof fields, ParticipationRow> = {
  path: '/api/users/me/training-history',
  type: 'TrainingHistory',
  ...participations,
  filters: [
    sessionYear('year'),
    {
      kind: 'exact',
      param: 'model',
      expr: trainingSessions.modelId,
      valueType: 'integer',
      joins: ['session'],
    },
    sessionCity('city'),
    { kind: 'exact', param: 'role', expr: trainingParticipations.statusParticipant },
    booleanFilter('isValidated', trainingParticipations.validated),
  ],
  orders: { date: { expr: trainingSessions.startDate, joins: ['session'] } },
  defaultOrder: [['date', 'desc']],
  thenBy: [{ expr: trainingModels.name, joins: ['session', 'model'] }],
  pagination: paged(25),
  scope: async ({ principal }) => {
    const agentId = principal.user.agentId;
    return agentId === null ? sql`false` : eq(trainingParticipations.agentId, agentId);
  },
  serialize: (row) => ({
    '@id': `/api/users/me/training-history/${row.id}`,
    '@type': 'TrainingHistory',
    uuid: row.id,
    training: training(row),
    event: event(row),
    city: row.city,
    date: row.startDate,
    status_participant: row.statusParticipant,
    status_inscription: row.statusInscription,
    isValidated: row.validated,
    year: row.exercice,
  }),
};

/** The history grid's columns, in French. */
const HISTORY_COLUMNS: DeclaredColumn<ParticipationRow>[] = [
  column.exercice,
  column.training,
  column.event,
  column.city,
  { header: 'Date', value: (row) => day(row.startDate), format: 'date' },
  column.participant,
  column.inscription,
  column.validated,
];

/** `GET /api/users/me/training-history/export`: the filtered history (spec part 1 §9). */
export const trainingHistoryExport: ExportSpec<typeof fields, ParticipationRow> = {
  resource: trainingHistory,
  sheet: 'Mes formations',
  // Spec part 1 §9: this export's name is fixed.
  file: { name: 'mes_formation.xlsx' },
  columns: HISTORY_COLUMNS,
};

/**
 * `GET /api/users/me/training-history/total`: the caller's validated trainings (FORMATION) of
 * exercice `year` (the current one without it), toward the 10 recommended.
 */
export const trainingTotal: SumSpec<{ total: number; year: number; recommended: number }> = {
  parts: [
    sumsOver(
      trainingHistory,
      {
        total: sql`count(*) filter (where ${trainingModels.category} = 'FORMATION' and ${trainingParticipations.validated})`,
      },
      ['session', 'model'],
    ),
  ],
  parameters: ({ query }) => ({ year: query.year ?? currentExercice() }),
  answer: (totals, parameters) => ({
    total: totals.total ?? 0,
    year: Number(parameters.year),
    recommended: RECOMMENDED_TRAININGS,
  }),
};

/** `GET /api/models` (training API): every training and event model, by name. */
export const trainingModelsResource: ResourceSpec<
  {
    id: typeof trainingModels.id;
    name: typeof trainingModels.name;
    category: typeof trainingModels.category;
  },
  typeof trainingModels.$inferSelect
> = {
  path: '/api/models',
  type: 'Model',
  jsonLdContext: '/api/contexts/Model',
  table: trainingModels,
  id: trainingModels.id,
  fields: { id: trainingModels.id, name: trainingModels.name, category: trainingModels.category },
  joins: {},
  filters: [],
  orders: { name: trainingModels.name },
  defaultOrder: [['name', 'asc']],
  pagination: 'none',
  scope: async () => undefined,
  serialize: (model) => ({ '@id': `/api/models/${model.id}`, '@type': 'Model', ...model }),
};
