import { eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { accessOf } from '../access/principal-access.js';
import { principalOf } from '../auth/principal.js';
import { rowsOf } from '../db/rows.js';
import { agents, investmentSales } from '../db/schema.js';
import { isSelfOrDownline } from '../domain/downline.js';
import { currentExercice } from '../domain/exercice.js';
import { forbidden, notFound } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { xlsxAttachment } from '../exports/responses.js';
import { type ExportColumn, xlsxStream } from '../exports/xlsx.js';
import { whereOf, withJoins } from '../resources/collection.js';
import { exportRows } from '../resources/export-rows.js';
import { itemHandler, listHandler } from '../resources/handlers.js';
import { type VenteOrionRow, ventesOrions } from '../resources/ventes-orions.js';
import type { Deps, HandlerMap } from './deps.js';

/** The investment grid's columns (spec part 2 §6), the agent's only for staff. */
function investmentColumns(withAgent: boolean): ExportColumn<VenteOrionRow>[] {
  return [
    ...(withAgent
      ? [
          {
            header: 'Mandataire',
            value: (row: VenteOrionRow) =>
              `${row.consultant.lastname} ${row.consultant.firstname} (${row.consultant.cgpId})`,
            width: 30,
          },
        ]
      : []),
    {
      header: 'Client',
      value: (row) => `${row.client.lastName} ${row.client.firstName}`,
      width: 26,
    },
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

/** Investment sales, served by the resource layer (`resources/ventes-orions.ts`). */
export function salesHandlers({ db }: Deps): HandlerMap {
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
    getVentesOrionsYear: async (context) => {
      const year = Number(context.params.year);
      // The list's own scope and filters, narrowed to the exercice: one aggregation.
      const where = await whereOf(ventesOrions, {
        db,
        principal: principalOf(context),
        query: {
          ...(context.query.cgpId === undefined ? {} : { cgpId: context.query.cgpId }),
          exercice: String(year),
        },
      });
      const [totals] = (await withJoins(
        db
          .select({
            optionsTotal: sql<number>`coalesce(sum(${investmentSales.amount}) filter (where ${investmentSales.status} = 'Encours'), 0)::float8`,
            deedsTotal: sql<number>`coalesce(sum(${investmentSales.amount}) filter (where ${investmentSales.status} in ('Validé', 'Terminé')), 0)::float8`,
          })
          .from(investmentSales)
          .$dynamic() as unknown as PgSelect,
        ventesOrions,
        where.joins,
      ).where(where.condition)) as { optionsTotal: number; deedsTotal: number }[];
      const optionsTotal = Number(totals?.optionsTotal ?? 0);
      const deedsTotal = Number(totals?.deedsTotal ?? 0);
      return {
        status: 200,
        body: { year, optionsTotal, deedsTotal, total: optionsTotal + deedsTotal },
      };
    },
  };
}
