import { inArray, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { principalOf, type Principal } from '../auth/principal.js';
import type { HandlerContext } from '../contract.js';
import { agents, investmentSales, realEstateSales } from '../db/schema.js';
import { isSelfOrDownline } from '../domain/downline.js';
import {
  TEAM_ORDERS,
  teamHead,
  teamSalesRows,
  type TeamOrderField,
  type TeamSalesRow,
  type TeamSelection,
  selectionSql,
  yearSums,
} from '../domain/teams.js';
import { xlsxAttachment } from '../exports/responses.js';
import { type ExportColumn, xlsxStream } from '../exports/xlsx.js';
import { forbidden } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { exportRows } from '../resources/export-rows.js';
import { listHandler } from '../resources/handlers.js';
import { handListPaging, hydraCollectionBody, pagingOf } from '../resources/pagination.js';
import { consultantPicker } from '../resources/pickers.js';
import type { ResourceSpec } from '../resources/types.js';
import { ventesOrions } from '../resources/ventes-orions.js';
import { ventesValoriciels } from '../resources/ventes-valoriciels.js';
import { investmentColumns, realEstateColumns } from './sales.js';
import type { Deps, HandlerMap } from './deps.js';

type Context = HandlerContext<Principal>;

const yearOf = (value: unknown): number | null =>
  value === undefined || value === '' ? null : Number(value);

/**
 * The rows of a team list: `type=agent` the `cgpId` agent alone; otherwise (sponsor) the
 * agents `cgpId` (the caller; staff: the network) sponsors, directly or at every depth.
 */
async function listSelection(
  deps: Deps,
  context: Context,
  depth: 'direct' | 'below',
): Promise<TeamSelection> {
  const head = await teamHead(deps.db, principalOf(context), context.query.cgpId);
  if (head.empty) return { kind: 'none' };
  if (context.query.type === 'agent')
    return head.id === null ? { kind: 'none' } : { kind: 'agent', id: head.id };
  return depth === 'direct'
    ? { kind: 'direct', sponsorId: head.id }
    : { kind: 'below', headId: head.id };
}

function orderOf(query: Record<string, unknown>): [TeamOrderField, 'asc' | 'desc'] | null {
  for (const field of Object.keys(TEAM_ORDERS) as TeamOrderField[]) {
    const direction = query[`order[${field}]`];
    if (typeof direction === 'string' && /^(asc|desc)$/i.test(direction))
      return [field, direction.toLowerCase() as 'asc' | 'desc'];
  }
  return null;
}

function teamListHandler(deps: Deps, depth: 'direct' | 'below', path: string, pageSize: number) {
  return async (context: Context) => {
    const selection = await listSelection(deps, context, depth);
    const paging = pagingOf(handListPaging(pageSize), context.query);
    const { rows, total } = await teamSalesRows(deps.db, {
      selection,
      year: yearOf(context.query.year),
      order: orderOf(context.query),
      limit: paging.limit,
      offset: paging.offset,
    });
    return {
      status: 200,
      body: hydraCollectionBody({
        url: context.request.url,
        path,
        type: 'TeamSales',
        members: rows.map((row) => ({
          '@id': `/cgp/${encodeURIComponent(row.idCgp)}`,
          '@type': 'TeamSales',
          ...row,
        })),
        totalItems: total,
        paging,
      }),
    };
  };
}

const euros = (
  header: string,
  value: (row: TeamSalesRow) => number,
): ExportColumn<TeamSalesRow> => ({
  header,
  value,
  format: 'euros',
  width: 16,
});

/** The team tables' columns (spec part 2 §3, team sales row). */
const TEAM_SALES_COLUMNS: ExportColumn<TeamSalesRow>[] = [
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
];

type AgentRow = typeof agents.$inferSelect;
const day = (value: string | null) => (value ? new Date(`${value}T00:00:00Z`) : null);
const yesNo = (value: boolean) => (value ? 'Oui' : 'Non');

/** The team's agents as the profile block shows them; no address, no bank details. */
const TEAM_DATA_COLUMNS: ExportColumn<AgentRow & { sponsorName: string | null }>[] = [
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
];

/**
 * The agents of an export (`/cgps/export/*`): `id` one agent, `sponsor` the agents he
 * sponsors directly, otherwise `cgpId` (the caller; staff: the network) and everyone below
 * him. `id` and `sponsor` must be in that team.
 */
async function exportSelection(deps: Deps, context: Context): Promise<TeamSelection> {
  const principal = principalOf(context);
  const head = await teamHead(deps.db, principal, context.query.cgpId);
  if (head.empty) return { kind: 'none' };
  const inTeam = async (cgpId: unknown) => {
    const agent = await teamHead(deps.db, principal, cgpId);
    if (agent.empty || agent.id === null) return null;
    if (head.id !== null && !(await isSelfOrDownline(deps.db, head.id, agent.id)))
      throw forbidden(messages.accessDenied);
    return agent.id;
  };
  if (context.query.id !== undefined) {
    const id = await inTeam(context.query.id);
    return id === null ? { kind: 'none' } : { kind: 'agent', id };
  }
  if (context.query.sponsor !== undefined) {
    const id = await inTeam(context.query.sponsor);
    return id === null ? { kind: 'none' } : { kind: 'direct', sponsorId: id };
  }
  return { kind: 'team', headId: head.id };
}

type AgentColumn = typeof realEstateSales.agentId | typeof investmentSales.agentId;

/**
 * A team's real-estate or investment sales as an .xlsx: the sales resource with the team's
 * agents as its scope (instead of the caller's own), the exercice `year` and its default order.
 */
async function teamSalesExport<Fields extends SelectedFields, Row>(
  deps: Deps,
  context: Context,
  options: {
    resource: ResourceSpec<Fields, Row>;
    agentColumn: AgentColumn;
    sheetName: string;
    label: string;
    columns: ExportColumn<Row>[];
  },
) {
  const selection = await exportSelection(deps, context);
  const year = yearOf(context.query.year);
  const resource: ResourceSpec<Fields, Row> = {
    ...options.resource,
    scope: async () => sql`${options.agentColumn} in (${selectionSql(selection)})`,
  };
  const rows = await exportRows(resource, {
    db: deps.db,
    principal: principalOf(context),
    query: year === null ? {} : { exercice: String(year) },
  });
  const file = xlsxStream({ sheetName: options.sheetName, columns: options.columns, rows });
  return xlsxAttachment(context, options.label, file);
}

/** Teams: their sales figures (direct and every depth), exports, picker and yearly totals. */
export function teamHandlers(deps: Deps): HandlerMap {
  const { db } = deps;
  return {
    listTeamDirectSales: teamListHandler(deps, 'direct', '/cgps/teams/sales/direct', 10),
    listTeamSales: teamListHandler(deps, 'below', '/cgps/teams/sales', 100),
    exportTeamSales: async (context) => {
      const selection = await listSelection(deps, context, 'below');
      const { rows } = await teamSalesRows(db, {
        selection,
        year: yearOf(context.query.year),
        order: null,
        limit: null,
        offset: 0,
      });
      const file = xlsxStream({
        sheetName: 'Équipe',
        columns: TEAM_SALES_COLUMNS,
        rows: (async function* () {
          yield* rows;
        })(),
      });
      return xlsxAttachment(context, 'equipe', file);
    },
    exportTeamData: async (context) => {
      const selection = await exportSelection(deps, context);
      const members = await db
        .select()
        .from(agents)
        .where(sql`${agents.id} in (${selectionSql(selection)})`)
        .orderBy(agents.lastname, agents.firstname, agents.id);
      const sponsorIds = [...new Set(members.map((a) => a.sponsorId).filter((id) => id !== null))];
      const sponsors = sponsorIds.length
        ? await db
            .select({ id: agents.id, firstname: agents.firstname, lastname: agents.lastname })
            .from(agents)
            .where(inArray(agents.id, sponsorIds))
        : [];
      const names = new Map(sponsors.map((s) => [s.id, `${s.firstname} ${s.lastname}`]));
      const file = xlsxStream({
        sheetName: 'Mandataires',
        columns: TEAM_DATA_COLUMNS,
        rows: (async function* () {
          for (const agent of members)
            yield {
              ...agent,
              sponsorName: agent.sponsorId ? (names.get(agent.sponsorId) ?? null) : null,
            };
        })(),
      });
      return xlsxAttachment(context, 'equipe_donnees', file);
    },
    exportTeamRealEstate: (context) =>
      teamSalesExport(deps, context, {
        resource: ventesValoriciels,
        agentColumn: realEstateSales.agentId,
        sheetName: 'Immobilier',
        label: 'equipe_immobilier',
        columns: realEstateColumns(true),
      }),
    exportTeamInvestment: (context) =>
      teamSalesExport(deps, context, {
        resource: ventesOrions,
        agentColumn: investmentSales.agentId,
        sheetName: 'Placements',
        label: 'equipe_placements',
        columns: investmentColumns(true),
      }),
    listTeamAgents: listHandler(db, { ...consultantPicker, path: '/cgps/teams/agents' }),
    getCgpYear: async (context) => {
      const year = Number(context.params.year);
      const head = await teamHead(db, principalOf(context), context.query.agentId);
      const team = context.query.team === true || context.query.team === 'true';
      const selection: TeamSelection = head.empty
        ? { kind: 'none' }
        : team || head.id === null
          ? { kind: 'team', headId: head.id }
          : { kind: 'agent', id: head.id };
      const sums = await yearSums(db, selection, year);
      const encours = sums.optionsTotal + sums.bookingsTotal + sums.finance;
      return {
        status: 200,
        body: {
          '@type': 'hydra:Collection',
          'hydra:member': [
            {
              kind: 'immobilier',
              year,
              optionsTotal: sums.optionsTotal,
              bookingsTotal: sums.bookingsTotal,
              finance: sums.finance,
              encours,
              deedsTotal: sums.deedsTotal,
              vlpTotal: 0,
              total: encours + sums.deedsTotal,
            },
            {
              kind: 'placement',
              year,
              optionsTotal: sums.investmentEncours,
              bookingsTotal: 0,
              finance: 0,
              encours: sums.investmentEncours,
              deedsTotal: sums.investmentDone,
              vlpTotal: sums.vlpTotal,
              total: sums.investmentEncours + sums.investmentDone,
            },
          ],
        },
      };
    },
  };
}
