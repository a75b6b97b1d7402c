import { handWritten } from '../contract.js';
import { eq, sql } from 'drizzle-orm';
import { accessOf } from '../access/principal-access.js';
import { principalOf } from '../auth/principal.js';
import { rowsOf } from '../db/rows.js';
import { agents } from '../db/schema.js';
import { isSelfOrDownline } from '../domain/downline.js';
import { currentExercice } from '../domain/exercice.js';
import { forbidden, notFound } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { exportHandler, itemHandler, listHandler, sumHandler } from '../resources/handlers.js';
import {
  ventesOrionsExport,
  ventesOrionsYear,
  ventesValoricielsExport,
  ventesValoricielsYear,
  vlpsExport,
  vlpsYear,
} from '../resources/sales-reports.js';
import { ventesOrions } from '../resources/ventes-orions.js';
import { ventesValoriciels } from '../resources/ventes-valoriciels.js';
import { vlpSales } from '../resources/vlps.js';
import type { Deps, HandlerMap } from '../deps.js';

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
  // One table's totals per agent for the exercice, or none when the type leaves it out.
  const totals = (skipped: boolean, table: string, status: string, statuses: string[]) =>
    skipped
      ? sql`select null::int as agent_id, 0::numeric as total where false`
      : sql`select agent_id, sum(amount) as total from ${sql.identifier(table)}
          where exercice = ${exercice} and ${sql.identifier(status)} in (${statusList(statuses)})
          group by agent_id`;
  const realEstate = totals(
    type === 'investment',
    'real_estate_sales',
    'adv_status',
    REAL_ESTATE_STATUSES[statut],
  );
  const investment = totals(
    type === 'realEstate',
    'investment_sales',
    'status',
    INVESTMENT_STATUSES[statut],
  );
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

/**
 * Sales (investment, real estate, VLP): lists, items, exports and yearly totals declared on the
 * resource layer (`resources/ventes-*.ts`, `vlps.ts`, `sales-reports.ts`); two hand-written.
 */
export function salesHandlers({ db, config }: Deps): HandlerMap {
  return {
    listVentesOrions: listHandler(db, ventesOrions),
    getVenteOrion: itemHandler(db, ventesOrions),
    exportVentesOrions: exportHandler(db, ventesOrionsExport),
    getVentesOrionsYear: sumHandler(db, ventesOrionsYear),
    listVentesValoriciels: listHandler(db, ventesValoriciels),
    getVenteValoriciel: itemHandler(db, ventesValoriciels),
    exportVentesValoriciels: exportHandler(db, ventesValoricielsExport),
    getVentesValoricielsYear: sumHandler(db, ventesValoricielsYear),
    listVlps: listHandler(db, vlpSales),
    getVlp: itemHandler(db, vlpSales),
    exportVlps: exportHandler(db, vlpsExport),
    getVlpsYear: sumHandler(db, vlpsYear),
    getRealEstateTool: handWritten(
      "configuration (the external tool's link), no rows to declare",
      async () => ({ status: 200, body: { ...config.realEstateTool } }),
    ),
    getSalesRanking: handWritten(
      'a rank among every agent of the network, not a list, export or sum',
      async (context) => {
        const principal = principalOf(context);
        const agentId = Number(context.params.consultantId);
        const [agent] = await db
          .select({ id: agents.id })
          .from(agents)
          .where(eq(agents.id, agentId));
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
    ),
  };
}
