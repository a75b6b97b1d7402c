import { eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { accessOf } from '../access/principal-access.js';
import { principalOf } from '../auth/principal.js';
import { rowsOf } from '../db/rows.js';
import { agents, investmentSales, realEstateSales, vlps } from '../db/schema.js';
import { isSelfOrDownline } from '../domain/downline.js';
import { currentExercice } from '../domain/exercice.js';
import { forbidden, notFound } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { xlsxAttachment } from '../exports/responses.js';
import { type ExportColumn, xlsxStream } from '../exports/xlsx.js';
import { whereOf, withJoins } from '../resources/collection.js';
import { exportRows } from '../resources/export-rows.js';
import { itemHandler, listHandler } from '../resources/handlers.js';
import type { ResourceSpec } from '../resources/types.js';
import { type VlpRow, vlpSales } from '../resources/vlps.js';
import { type VenteOrionRow, ventesOrions } from '../resources/ventes-orions.js';
import { type VenteValoricielRow, ventesValoriciels } from '../resources/ventes-valoriciels.js';
import type { HandlerContext } from '../contract.js';
import type { Principal } from '../auth/principal.js';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Deps, HandlerMap } from './deps.js';

type WithAgent = { consultant: { lastname: string; firstname: string; cgpId: string } };
type WithClient = { client: { lastName: string; firstName: string } };

/** The agent column of staff's sales exports (an agent's own files leave it out). */
const agentColumns = <Row extends WithAgent>(withAgent: boolean): ExportColumn<Row>[] =>
  withAgent
    ? [
        {
          header: 'Mandataire',
          value: (row) =>
            `${row.consultant.lastname} ${row.consultant.firstname} (${row.consultant.cgpId})`,
          width: 30,
        },
      ]
    : [];

const clientColumn = <Row extends WithClient>(): ExportColumn<Row> => ({
  header: 'Client',
  value: (row) => `${row.client.lastName} ${row.client.firstName}`,
  width: 26,
});

/** The investment grid's columns (spec part 2 §6), the agent's only for staff. */
export function investmentColumns(withAgent: boolean): ExportColumn<VenteOrionRow>[] {
  return [
    ...agentColumns<VenteOrionRow>(withAgent),
    clientColumn<VenteOrionRow>(),
    { header: 'Produit', value: (row) => row.product.name, width: 28 },
    { header: 'Fournisseur', value: (row) => row.product.providerName, width: 22 },
    { header: 'Opération', value: (row) => row.operation, width: 14 },
    { header: 'Statut', value: (row) => row.status, width: 12 },
    { header: 'Montant', value: (row) => row.amount, format: 'euros', width: 14 },
    // Stored in percent (2.5 for 2.5 %); the cell holds the ratio so Excel's % format reads it.
    { header: 'Frais', value: (row) => row.fee / 100, format: 'percent', width: 10 },
    {
      header: 'Date de souscription',
      value: (row) => (row.subscriptionDate ? new Date(`${row.subscriptionDate}T00:00:00Z`) : null),
      format: 'date',
    },
    { header: 'Exercice', value: (row) => row.exercice, format: 'integer', width: 10 },
    { header: 'N° de commande', value: (row) => row.orderNumber, width: 18 },
  ];
}

type RankingType = 'both' | 'realEstate' | 'investment';
type RankingStatut = 'both' | 'finished' | 'pending';

const REAL_ESTATE_STATUSES: Record<RankingStatut, string[]> = {
  finished: ['Acté'],
  pending: ['Optionné', 'Réservé', 'Financé'],
  both: ['Acté', 'Optionné', 'Réservé', 'Financé'],
};
const INVESTMENT_STATUSES: Record<RankingStatut, string[]> = {
  finished: ['Validé', 'Terminé'],
  pending: ['Encours'],
  both: ['Validé', 'Terminé', 'Encours'],
};

const statusList = (statuses: string[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/** Every agent's total of the exercice for the chosen sales, then the one agent's place. */
async function ranking(
  db: Deps['db'],
  agentId: number,
  exercice: number,
  type: RankingType,
  statut: RankingStatut,
) {
  const none = sql`select null::int as agent_id, 0::numeric as total where false`;
  const realEstate =
    type === 'investment'
      ? none
      : sql`select agent_id, sum(amount) as total from real_estate_sales
          where exercice = ${exercice} and adv_status in (${statusList(REAL_ESTATE_STATUSES[statut])})
          group by agent_id`;
  const investment =
    type === 'realEstate'
      ? none
      : sql`select agent_id, sum(amount) as total from investment_sales
          where exercice = ${exercice} and status in (${statusList(INVESTMENT_STATUSES[statut])})
          group by agent_id`;
  // Grouped once per table over the exercice, then joined to every agent (zero without sales).
  const result = await db.execute(sql`
    with re as (${realEstate}), inv as (${investment}),
    totals as (
      select a.id, coalesce(re.total, 0) + coalesce(inv.total, 0) as total
      from agents a
      left join re on re.agent_id = a.id
      left join inv on inv.agent_id = a.id
    )
    select
      (select count(*) from totals t where t.total > me.total) + 1 as rank,
      me.total::float8 as total,
      (select count(*) from totals) as out_of
    from totals me where me.id = ${agentId}`);
  const [row] = rowsOf<{ rank: unknown; total: unknown; out_of: unknown }>(result);
  return row
    ? {
        rank: Number(row.rank),
        totalAmount: Number(row.total),
        outOf: Number(row.out_of),
        exercice,
      }
    : null;
}

const euros = (expr: ReturnType<typeof sql>) => sql<number>`coalesce(${expr}, 0)::float8`;

/**
 * Sums over a sales list's own scope and filters, narrowed to one exercice (and `cgpId`): one
 * aggregation, whatever the number of sales.
 */
async function exerciceSums<
  Fields extends SelectedFields,
  Row,
  Sums extends Record<string, unknown>,
>(
  db: Deps['db'],
  resource: ResourceSpec<Fields, Row>,
  context: HandlerContext<Principal>,
  sums: Record<keyof Sums, ReturnType<typeof sql>>,
): Promise<Sums> {
  const where = await whereOf(resource, {
    db,
    principal: principalOf(context),
    query: {
      ...(context.query.cgpId === undefined ? {} : { cgpId: context.query.cgpId }),
      exercice: String(context.params.year),
    },
  });
  const [row] = (await withJoins(
    db
      .select(sums as Record<string, ReturnType<typeof sql>>)
      .from(resource.table)
      .$dynamic() as unknown as PgSelect,
    resource,
    where.joins,
  ).where(where.condition)) as Record<string, unknown>[];
  return Object.fromEntries(Object.keys(sums).map((key) => [key, Number(row?.[key] ?? 0)])) as Sums;
}

const RE_STATUS = realEstateSales.advStatus;
const RE_AMOUNT = realEstateSales.amount;

/** The real-estate grid's columns (spec part 2 §6), the agent's only for staff. */
export function realEstateColumns(withAgent: boolean): ExportColumn<VenteValoricielRow>[] {
  const day = (value: string | null) => (value ? new Date(`${value}T00:00:00Z`) : null);
  return [
    ...agentColumns<VenteValoricielRow>(withAgent),
    clientColumn<VenteValoricielRow>(),
    { header: 'Opération', value: (row) => row.operationName, width: 24 },
    { header: 'Lot', value: (row) => row.lot, width: 10 },
    { header: 'Type', value: (row) => row.type, width: 16 },
    { header: 'Statut', value: (row) => row.advStatus, width: 12 },
    { header: 'Prix', value: (row) => row.amount, format: 'euros', width: 14 },
    { header: 'Rémunération', value: (row) => row.baseRemuneration, format: 'euros', width: 14 },
    { header: 'Option', value: (row) => day(row.optionDate), format: 'date', width: 12 },
    {
      header: 'Signature réservation',
      value: (row) => day(row.bookingSignatureDate),
      format: 'date',
    },
    { header: 'Accord bancaire', value: (row) => day(row.bankAgreementDate), format: 'date' },
    { header: 'Acte', value: (row) => day(row.deedDate), format: 'date', width: 12 },
    { header: 'Désistement', value: (row) => day(row.cancellationDate), format: 'date', width: 12 },
    { header: 'Dernière action', value: (row) => day(row.lastAction), format: 'date' },
    { header: 'Exercice', value: (row) => row.exercice, format: 'integer', width: 10 },
    { header: 'Référence Valoriciel', value: (row) => row.valoricielId, width: 18 },
  ];
}

/** The VLP grid's columns (spec part 2 §2), the agent's only for staff. */
function vlpColumns(withAgent: boolean): ExportColumn<VlpRow>[] {
  return [
    ...agentColumns<VlpRow>(withAgent),
    clientColumn<VlpRow>(),
    { header: 'Produit', value: (row) => row.product.name, width: 28 },
    { header: 'Fournisseur', value: (row) => row.product.providerName, width: 22 },
    { header: 'Montant', value: (row) => row.amount, format: 'euros', width: 14 },
    { header: 'Frais', value: (row) => row.fee / 100, format: 'percent', width: 10 },
    {
      header: 'Date de traitement',
      value: (row) => new Date(`${row.processingDate}T00:00:00Z`),
      format: 'date',
    },
    { header: 'Exercice', value: (row) => row.exercice, format: 'integer', width: 10 },
  ];
}

/** Sales (investment, real estate, VLP), their exports, yearly totals and the ranking. */
export function salesHandlers({ db, config }: Deps): HandlerMap {
  return {
    listVentesOrions: listHandler(db, ventesOrions),
    getVenteOrion: itemHandler(db, ventesOrions),
    exportVentesOrions: async (context) => {
      const principal = principalOf(context);
      const rows = await exportRows(ventesOrions, { db, principal, query: context.query });
      const { isAgent } = await accessOf(db, principal);
      const file = xlsxStream({
        sheetName: 'Placements',
        columns: investmentColumns(!isAgent),
        rows,
      });
      return xlsxAttachment(context, 'placements', file);
    },
    getRealEstateTool: async () => ({ status: 200, body: { ...config.realEstateTool } }),
    getSalesRanking: async (context) => {
      const principal = principalOf(context);
      const agentId = Number(context.params.consultantId);
      const [agent] = await db.select({ id: agents.id }).from(agents).where(eq(agents.id, agentId));
      if (!agent) throw notFound();
      const { isAgent } = await accessOf(db, principal);
      const ownId = principal.user.agentId;
      if (isAgent && (ownId === null || !(await isSelfOrDownline(db, ownId, agentId))))
        throw forbidden(messages.accessDenied);
      const type = (context.query.salesType as RankingType | undefined) ?? 'both';
      const statut = (context.query.statut as RankingStatut | undefined) ?? 'both';
      const exercice =
        context.query.exercice === undefined ? currentExercice() : Number(context.query.exercice);
      const entry = await ranking(db, agentId, exercice, type, statut);
      if (!entry) throw notFound();
      return { status: 200, body: entry };
    },
    listVentesValoriciels: listHandler(db, ventesValoriciels),
    exportVentesValoriciels: async (context) => {
      const principal = principalOf(context);
      const rows = await exportRows(ventesValoriciels, { db, principal, query: context.query });
      const { isAgent } = await accessOf(db, principal);
      const file = xlsxStream({
        sheetName: 'Immobilier',
        columns: realEstateColumns(!isAgent),
        rows,
      });
      return xlsxAttachment(context, 'immobilier', file);
    },
    getVentesValoricielsYear: async (context) => {
      const sums = await exerciceSums<
        typeof ventesValoriciels.fields,
        VenteValoricielRow,
        { optionsTotal: number; bookingsTotal: number; finance: number; deedsTotal: number }
      >(db, ventesValoriciels, context, {
        optionsTotal: euros(sql`sum(${RE_AMOUNT}) filter (where ${RE_STATUS} = 'Optionné')`),
        bookingsTotal: euros(sql`sum(${RE_AMOUNT}) filter (where ${RE_STATUS} = 'Réservé')`),
        finance: euros(sql`sum(${RE_AMOUNT}) filter (where ${RE_STATUS} = 'Financé')`),
        deedsTotal: euros(sql`sum(${RE_AMOUNT}) filter (where ${RE_STATUS} = 'Acté')`),
      });
      const encours = sums.optionsTotal + sums.bookingsTotal + sums.finance;
      return {
        status: 200,
        body: {
          year: Number(context.params.year),
          ...sums,
          encours,
          total: encours + sums.deedsTotal,
        },
      };
    },
    listVlps: listHandler(db, vlpSales),
    exportVlps: async (context) => {
      const principal = principalOf(context);
      const rows = await exportRows(vlpSales, { db, principal, query: context.query });
      const { isAgent } = await accessOf(db, principal);
      const file = xlsxStream({ sheetName: 'VLP', columns: vlpColumns(!isAgent), rows });
      return xlsxAttachment(context, 'vlp', file);
    },
    getVlpsYear: async (context) => {
      const { total } = await exerciceSums<typeof vlpSales.fields, VlpRow, { total: number }>(
        db,
        vlpSales,
        context,
        { total: euros(sql`sum(${vlps.amount})`) },
      );
      return { status: 200, body: { year: Number(context.params.year), total } };
    },
    getVentesOrionsYear: async (context) => {
      const status = investmentSales.status;
      const amount = investmentSales.amount;
      const sums = await exerciceSums<
        typeof ventesOrions.fields,
        VenteOrionRow,
        { optionsTotal: number; deedsTotal: number }
      >(db, ventesOrions, context, {
        optionsTotal: euros(sql`sum(${amount}) filter (where ${status} = 'Encours')`),
        deedsTotal: euros(sql`sum(${amount}) filter (where ${status} in ('Validé', 'Terminé'))`),
      });
      return {
        status: 200,
        body: {
          year: Number(context.params.year),
          ...sums,
          total: sums.optionsTotal + sums.deedsTotal,
        },
      };
    },
  };
}
