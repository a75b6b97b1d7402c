import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { agents, investmentSales, realEstateSales, vlps } from '../db/schema.js';
import { isSelfOrDownline } from '../domain/downline.js';
import {
  selectionCondition,
  selectionSql,
  teamHead,
  teamSalesSql,
  type TeamSelection,
} from '../domain/teams.js';
import { forbidden } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { paged } from './pagination.js';
import { consultantReference } from './references.js';
import {
  everyAudience,
  INVESTMENT_COLUMNS,
  REAL_ESTATE_COLUMNS,
  ventesOrionsExport,
  ventesValoricielsExport,
} from './sales-reports.js';
import { sourceColumns, toNumber, toText } from './sources.js';
import { sumOf, sumsOver } from './sums.js';
import type {
  DeclaredColumn,
  ExportSpec,
  OrderSpec,
  Query,
  RequestContext,
  SourceResourceSpec,
  SumSpec,
  ResourceSpec,
} from './types.js';
import { type VenteOrionRow, ventesOrions } from './ventes-orions.js';
import { type VenteValoricielRow, ventesValoriciels } from './ventes-valoriciels.js';
import { vlpSales } from './vlps.js';

/**
 * Teams: an agent and everyone below him in the sponsorship tree (`domain/teams.ts`). Their
 * sales figures per agent (a source: sums per agent and per subtree), the agents themselves,
 * their sales as exports and their yearly totals.
 */

const yearOf = (value: unknown): number | null =>
  value === undefined || value === '' ? null : Number(value);

/**
 * The rows of a team list: `type=agent` the `cgpId` agent alone; otherwise (sponsor) the
 * agents `cgpId` (the caller; staff: the network) sponsors, directly or at every depth.
 */
async function listSelection(
  { db, principal, query }: RequestContext,
  depth: 'direct' | 'below',
): Promise<TeamSelection> {
  const head = await teamHead(db, principal, query.cgpId);
  if (head.empty) return { kind: 'none' };
  if (query.type === 'agent')
    return head.id === null ? { kind: 'none' } : { kind: 'agent', id: head.id };
  return depth === 'direct'
    ? { kind: 'direct', sponsorId: head.id }
    : { kind: 'below', headId: head.id };
}

const team = sourceColumns('team', {
  id: toNumber,
  cgp_id: toText,
  lastname: toText,
  firstname: toText,
  sponsor_cgp_id: toText,
  sponsor_lastname: toText,
  sponsor_firstname: toText,
  current_immo: toNumber,
  finish_immo: toNumber,
  current_invest: toNumber,
  finish_invest: toNumber,
  vlp: toNumber,
  vavc: toNumber,
  vave: toNumber,
});

const teamFields = {
  id: team.id,
  idCgp: team.cgp_id,
  fullName: sql<string>`${team.firstname} || ' ' || ${team.lastname}`.mapWith(toText),
  sponsor: sql<
    string | null
  >`case when ${team.sponsor_cgp_id} is null then null else ${team.sponsor_firstname} || ' ' || ${team.sponsor_lastname} end`.mapWith(
    toText,
  ),
  sponsorIdCgp: team.sponsor_cgp_id,
  currentImmo: team.current_immo,
  finishImmo: team.finish_immo,
  currentInvest: team.current_invest,
  finishInvest: team.finish_invest,
  vlp: team.vlp,
  vave: team.vave,
  vavc: team.vavc,
};

/** A row of the team tables (spec part 2 §3). */
export interface TeamSalesRow {
  id: number;
  idCgp: string;
  fullName: string;
  sponsor: string | null;
  sponsorIdCgp: string | null;
  currentImmo: number;
  finishImmo: number;
  currentInvest: number;
  finishInvest: number;
  vlp: number;
  vave: number;
  vavc: number;
}

const figure = (expr: SQL): OrderSpec => ({ expr, nulls: 'last' });

/**
 * The team tables: the sales figures of exercice `year` (every exercice without it) of the
 * agents `listSelection` names. The team and the exercice are the source's own parameters (its
 * sums need them inside the statement), so the resource adds no scope of its own.
 */
function teamSales(
  path: string,
  depth: 'direct' | 'below',
  itemsPerPage: number,
): SourceResourceSpec<typeof teamFields, TeamSalesRow> {
  return {
    path,
    type: 'TeamSales',
    source: {
      alias: 'team',
      query: async (context) =>
        teamSalesSql(await listSelection(context, depth), yearOf(context.query.year)),
      count: async (context) => selectionSql(await listSelection(context, depth)),
    },
    id: team.id,
    fields: teamFields,
    joins: {},
    filters: [],
    orders: {
      fullName: { expr: [team.lastname, team.firstname] },
      idCgp: figure(team.cgp_id),
      sponsor: figure(team.sponsor_lastname),
      currentImmo: figure(team.current_immo),
      finishImmo: figure(team.finish_immo),
      currentInvest: figure(team.current_invest),
      finishInvest: figure(team.finish_invest),
      vlp: figure(team.vlp),
      vave: figure(team.vave),
      vavc: figure(team.vavc),
    },
    defaultOrder: [['fullName', 'asc']],
    thenBy: [{ expr: [team.lastname, team.firstname] }],
    pagination: paged(itemsPerPage),
    scope: async () => undefined,
    serialize: (row) => ({
      '@id': `/cgp/${encodeURIComponent(row.idCgp)}`,
      '@type': 'TeamSales',
      ...row,
    }),
  };
}

/** `GET /cgps/teams/sales/direct`: an agent's direct godchildren, 10 a page. */
export const teamDirectSales = teamSales('/cgps/teams/sales/direct', 'direct', 10);
/** `GET /cgps/teams/sales`: every agent of the team, 100 a page. */
export const teamAllSales = teamSales('/cgps/teams/sales', 'below', 100);

const euros = (
  header: string,
  value: (row: TeamSalesRow) => number,
): DeclaredColumn<TeamSalesRow> => ({ header, value, format: 'euros', width: 16 });

/** `GET /cgps/teams/sales/export`: the rows of `/cgps/teams/sales`, every one. */
export const teamSalesExport: ExportSpec<typeof teamFields, TeamSalesRow> = {
  resource: teamAllSales,
  sheet: 'Équipe',
  file: { label: 'equipe' },
  columns: [
    { header: 'ID CGP', value: (row) => row.idCgp, width: 12 },
    { header: 'Mandataire', value: (row) => row.fullName, width: 26 },
    { header: 'Parrain', value: (row) => row.sponsor ?? '', width: 26 },
    { header: 'ID CGP du parrain', value: (row) => row.sponsorIdCgp ?? '', width: 14 },
    euros('Immobilier en cours', (row) => row.currentImmo),
    euros('Immobilier acté', (row) => row.finishImmo),
    euros('Placement en cours', (row) => row.currentInvest),
    euros('Placement validé', (row) => row.finishInvest),
    euros('VLP', (row) => row.vlp),
    euros('VAVC', (row) => row.vavc),
    euros('VAVE', (row) => row.vave),
  ],
};

/**
 * The agents of a team export (`/cgps/export/*`): `id` one agent, `sponsor` the agents he
 * sponsors directly, otherwise `cgpId` (the caller; staff: the network) and everyone below
 * him. `id` and `sponsor` must be in that team (403).
 */
async function exportSelection({ db, principal, query }: RequestContext): Promise<TeamSelection> {
  const head = await teamHead(db, principal, query.cgpId);
  if (head.empty) return { kind: 'none' };
  const inTeam = async (cgpId: unknown) => {
    const agent = await teamHead(db, principal, cgpId);
    if (agent.empty || agent.id === null) return null;
    if (head.id !== null && !(await isSelfOrDownline(db, head.id, agent.id)))
      throw forbidden(messages.accessDenied);
    return agent.id;
  };
  if (query.id !== undefined) {
    const id = await inTeam(query.id);
    return id === null ? { kind: 'none' } : { kind: 'agent', id };
  }
  if (query.sponsor !== undefined) {
    const id = await inTeam(query.sponsor);
    return id === null ? { kind: 'none' } : { kind: 'direct', sponsorId: id };
  }
  return { kind: 'team', headId: head.id };
}

/** Rows whose agent is in the export's team (`exportSelection`). */
const teamExportScope =
  (agentId: Column) =>
  async (context: RequestContext): Promise<SQL | undefined> =>
    selectionCondition(agentId, await exportSelection(context));

const sponsorAgent = alias(agents, 'sponsor');

const memberFields = {
  id: agents.id,
  cgpId: agents.cgpId,
  valoricielId: agents.valoricielId,
  lastname: agents.lastname,
  firstname: agents.firstname,
  email: agents.email,
  phoneNumber: agents.phoneNumber,
  birthday: agents.birthday,
  registerDate: agents.registerDate,
  status: agents.status,
  habilitationIobsp: agents.habilitationIobsp,
  habilitationIas: agents.habilitationIas,
  habilitationCif: agents.habilitationCif,
  oriasNumber: agents.oriasNumber,
  oriasEndOfValidity: agents.oriasEndOfValidity,
  branchesActives: agents.branchesActives,
  qualification: agents.qualification,
  level: agents.level,
  vavcTotal: agents.vavcTotal,
  sponsorName: sql<
    string | null
  >`case when ${sponsorAgent.id} is null then null else ${sponsorAgent.firstname} || ' ' || ${sponsorAgent.lastname} end`,
};
type MemberRow = {
  [K in Exclude<keyof typeof memberFields, 'sponsorName'>]: (typeof memberFields)[K]['_']['data'];
} & { sponsorName: string | null };

/** The agents of a team export, by name; no address, no bank details. */
export const teamMembers: ResourceSpec<typeof memberFields, MemberRow> = {
  path: '/cgps/export/data',
  type: 'Consultant',
  table: agents,
  id: agents.id,
  fields: memberFields,
  joins: { sponsor: (q) => q.leftJoin(sponsorAgent, eq(sponsorAgent.id, agents.sponsorId)) },
  filters: [],
  orders: { name: { expr: [agents.lastname, agents.firstname] } },
  defaultOrder: [['name', 'asc']],
  pagination: 'none',
  scope: teamExportScope(agents.id),
  serialize: (row) => consultantReference(row),
};

const day = (value: string | null) => (value ? new Date(`${value}T00:00:00Z`) : null);
const yesNo = (value: boolean) => (value ? 'Oui' : 'Non');

/** The team's parameters as the export rows read them: its agents, and `year` the exercice. */
const teamExportParameters = (query: Query): Query => ({
  cgpId: query.cgpId,
  id: query.id,
  sponsor: query.sponsor,
  ...(query.year === undefined ? {} : { exercice: String(query.year) }),
});

/** `GET /cgps/export/data`: the team's agents as the profile block shows them. */
export const teamMembersExport: ExportSpec<typeof memberFields, MemberRow> = {
  resource: teamMembers,
  sheet: 'Mandataires',
  file: { label: 'equipe_donnees' },
  columns: [
    { header: 'ID CGP', value: (a) => a.cgpId, width: 12 },
    { header: 'Nom', value: (a) => a.lastname, width: 18 },
    { header: 'Prénom', value: (a) => a.firstname, width: 16 },
    { header: 'Parrain', value: (a) => a.sponsorName ?? '', width: 26 },
    { header: 'E-mail', value: (a) => a.email, width: 30 },
    { header: 'Téléphone', value: (a) => a.phoneNumber ?? '', width: 16 },
    { header: 'Date de naissance', value: (a) => day(a.birthday), format: 'date' },
    { header: "Date d'entrée dans le réseau", value: (a) => day(a.registerDate), format: 'date' },
    { header: 'Statut', value: (a) => a.status, width: 10 },
    { header: 'IOBSP', value: (a) => yesNo(a.habilitationIobsp), width: 8 },
    { header: 'IAS', value: (a) => yesNo(a.habilitationIas), width: 8 },
    { header: 'CIF', value: (a) => yesNo(a.habilitationCif), width: 8 },
    { header: 'N° ORIAS', value: (a) => a.oriasNumber ?? '', width: 14 },
    { header: 'Fin de validité ORIAS', value: (a) => day(a.oriasEndOfValidity), format: 'date' },
    { header: 'Branches actives', value: (a) => a.branchesActives.join(', '), width: 22 },
    { header: 'Qualification', value: (a) => a.qualification ?? '', width: 18 },
    { header: 'Niveau', value: (a) => a.level, format: 'integer', width: 8 },
    { header: 'VAVC total', value: (a) => a.vavcTotal, format: 'euros', width: 16 },
  ],
  parameters: teamExportParameters,
};

/**
 * `GET /cgps/export/estate`: the real-estate sales of the team's agents (the sales list with
 * the team as its scope), of exercice `year`, in the list's default order; a team has several
 * sellers, so the seller's column is there for agents too.
 */
export const teamRealEstateExport: ExportSpec<typeof ventesValoriciels.fields, VenteValoricielRow> =
  {
    ...ventesValoricielsExport,
    resource: { ...ventesValoriciels, scope: teamExportScope(realEstateSales.agentId) },
    file: { label: 'equipe_immobilier' },
    columns: everyAudience(REAL_ESTATE_COLUMNS),
    parameters: teamExportParameters,
  };

/** `GET /cgps/export/investment`: the same for investment sales. */
export const teamInvestmentExport: ExportSpec<typeof ventesOrions.fields, VenteOrionRow> = {
  ...ventesOrionsExport,
  resource: { ...ventesOrions, scope: teamExportScope(investmentSales.agentId) },
  file: { label: 'equipe_placements' },
  columns: everyAudience(INVESTMENT_COLUMNS),
  parameters: teamExportParameters,
};

/**
 * Rows of the `agentId` agent (the caller; staff: the network), or with `team=true` of him
 * and everyone below him; an agent reaches his own team only (403 beyond).
 */
const yearScope =
  (agentId: Column) =>
  async ({ db, principal, query }: RequestContext): Promise<SQL | undefined> => {
    const head = await teamHead(db, principal, query.agentId);
    const whole = query.team === true || query.team === 'true';
    const selection: TeamSelection = head.empty
      ? { kind: 'none' }
      : whole || head.id === null
        ? { kind: 'team', headId: head.id }
        : { kind: 'agent', id: head.id };
    return selectionCondition(agentId, selection);
  };

type CgpYear = {
  '@type': string;
  'hydra:member': Record<string, unknown>[];
};

/**
 * `GET /cgps/year/{year}`: an agent's (or his team's) real-estate and investment totals of the
 * exercice, over the three sales lists with the team as their scope, in one statement.
 */
export const cgpYear: SumSpec<CgpYear> = {
  parts: [
    sumsOver(
      { ...ventesValoriciels, scope: yearScope(realEstateSales.agentId) },
      {
        optionsTotal: sumOf(realEstateSales.amount, sql`${realEstateSales.advStatus} = 'Optionné'`),
        bookingsTotal: sumOf(realEstateSales.amount, sql`${realEstateSales.advStatus} = 'Réservé'`),
        finance: sumOf(realEstateSales.amount, sql`${realEstateSales.advStatus} = 'Financé'`),
        deedsTotal: sumOf(realEstateSales.amount, sql`${realEstateSales.advStatus} = 'Acté'`),
      },
    ),
    sumsOver(
      { ...ventesOrions, scope: yearScope(investmentSales.agentId) },
      {
        investmentEncours: sumOf(
          investmentSales.amount,
          sql`${investmentSales.status} = 'Encours'`,
        ),
        investmentDone: sumOf(
          investmentSales.amount,
          sql`${investmentSales.status} in ('Validé', 'Terminé')`,
        ),
      },
    ),
    sumsOver({ ...vlpSales, scope: yearScope(vlps.agentId) }, { vlpTotal: sumOf(vlps.amount) }),
  ],
  parameters: ({ query, params }) => ({
    agentId: query.agentId,
    team: query.team,
    exercice: String(params.year),
  }),
  answer: (sums, parameters) => {
    const year = Number(parameters.exercice);
    const n = (key: string) => sums[key] ?? 0;
    const encours = n('optionsTotal') + n('bookingsTotal') + n('finance');
    return {
      '@type': 'hydra:Collection',
      'hydra:member': [
        {
          kind: 'immobilier',
          year,
          optionsTotal: n('optionsTotal'),
          bookingsTotal: n('bookingsTotal'),
          finance: n('finance'),
          encours,
          deedsTotal: n('deedsTotal'),
          vlpTotal: 0,
          total: encours + n('deedsTotal'),
        },
        {
          kind: 'placement',
          year,
          optionsTotal: n('investmentEncours'),
          bookingsTotal: 0,
          finance: 0,
          encours: n('investmentEncours'),
          deedsTotal: n('investmentDone'),
          vlpTotal: n('vlpTotal'),
          total: n('investmentEncours') + n('investmentDone'),
        },
      ],
    };
  },
};
