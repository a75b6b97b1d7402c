import { handWritten } from '../contract.js';
import { sql, type SQL } from 'drizzle-orm';
import { accessOf } from '../access/principal-access.js';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { exportHandler, listHandler } from '../resources/handlers.js';
import { investments, realEstate, tauxUc, team } from '../resources/statistics-pages.js';
import { cents, type Figure, num, todayInParis } from '../resources/statistics.js';
import type { Deps, HandlerMap } from '../deps.js';

/**
 * The network's statistics: the four pages are declared on the resource layer
 * (`resources/statistics*.ts`). The staff dashboard stays hand-written: each of its figures
 * is there only when the caller holds the page it links to, so its statements depend on the
 * caller's components (not a resource's scope, which narrows rows), and they are unrelated
 * counts, not one collection (docs/decisions/23-statistics-and-staff-dashboard.md).
 */

/** The week starts on Monday, in Paris. */
function mondayOf(day: string) {
  const date = new Date(`${day}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

const sameDayLastYear = (day: string) => `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`;

/** The staff home's figures, each only for whoever holds the page it links to. */
async function dashboard(db: Database, components: Set<string>) {
  const today = todayInParis();
  const year = Number(today.slice(0, 4));
  const lastYearToday = sameDayLastYear(today);
  const body: Record<string, unknown> = { year };
  const withInvestments = components.has('statistics_investments_page');
  const withRealEstate = components.has('statistics_real_estate_page');
  if (withInvestments || withRealEstate) {
    // This year to today against last year to the same day: the comparison is fair all year.
    const parts: SQL[] = [];
    if (withInvestments)
      parts.push(sql`
        select s.type as type, extract(year from s.subscription_date)::int as year, s.amount
        from investment_sales s
        where s.status <> 'Annulé' and (
          (s.subscription_date >= make_date(${year}::int, 1, 1) and s.subscription_date <= ${today}::date)
          or (s.subscription_date >= make_date(${year}::int - 1, 1, 1) and s.subscription_date <= ${lastYearToday}::date))`);
    if (withRealEstate)
      parts.push(sql`
        select s.type, extract(year from s.option_date)::int, s.amount
        from real_estate_sales s
        where s.adv_status not in ('Désisté', 'VNR') and (
          (s.option_date >= make_date(${year}::int, 1, 1) and s.option_date <= ${today}::date)
          or (s.option_date >= make_date(${year}::int - 1, 1, 1) and s.option_date <= ${lastYearToday}::date))`);
    const rows = rowsOf<{ type: string; year: number; amount: string }>(
      await db.execute(sql`
        select type, year, sum(amount) as amount from (${sql.join(parts, sql` union all `)}) sales
        group by 1, 2 order by 1`),
    );
    const types = [...new Set(rows.map((row) => row.type))];
    const amountOf = (type: string, of: number) =>
      cents(num(rows.find((row) => row.type === type && Number(row.year) === of)?.amount));
    body.salesByType = {
      id: 'sales-by-type',
      title: `Ventes par type : ${year} au ${today.slice(8, 10)}/${today.slice(5, 7)} et ${year - 1} à la même date`,
      unit: 'euros',
      categoryLabel: 'Type',
      categories: types,
      series: [year - 1, year].map((of) => ({
        name: String(of),
        values: types.map((type) => amountOf(type, of)),
      })),
    } satisfies Figure;
  }
  if (components.has('statistics_team_page')) {
    const [row] = rowsOf<{ this_year: number; last_year: number }>(
      await db.execute(sql`
        select
          count(*) filter (where register_date >= make_date(${year}::int, 1, 1) and register_date <= ${today}::date)::int as this_year,
          count(*) filter (where register_date >= make_date(${year}::int - 1, 1, 1) and register_date <= ${lastYearToday}::date)::int as last_year
        from agents where register_date >= make_date(${year}::int - 1, 1, 1)`),
    );
    body.newAgents = { thisYear: num(row?.this_year), lastYear: num(row?.last_year) };
  }
  if (components.has('tracking_page')) {
    const [row] = rowsOf<{ value: number }>(
      await db.execute(sql`
        select count(distinct user_id)::int as value from tracking_sessions
        where impersonator_id is null
          and started_at >= (${mondayOf(today)}::date::timestamp at time zone 'Europe/Paris')`),
    );
    body.activeUsersThisWeek = num(row?.value);
  }
  if (components.has('invoices_dispatch_page')) {
    const [row] = rowsOf<{ value: number }>(
      await db.execute(
        sql`select count(*)::int as value from dispatch_invoice_requests where status = 'WAITING'`,
      ),
    );
    body.pendingDispatches = num(row?.value);
  }
  if (components.has('modification_requests_edit')) {
    const [row] = rowsOf<{ value: number }>(
      await db.execute(
        sql`select count(*)::int as value from document_modification_requests where status = 'en étude'`,
      ),
    );
    body.pendingModificationRequests = num(row?.value);
  }
  return body;
}

export function statisticsHandlers({ db }: Deps): HandlerMap {
  return {
    getStatisticsTauxUc: listHandler(db, tauxUc.resource),
    exportStatisticsTauxUc: exportHandler(db, tauxUc.export),
    getStatisticsRealEstate: listHandler(db, realEstate.resource),
    exportStatisticsRealEstate: exportHandler(db, realEstate.export),
    getStatisticsInvestments: listHandler(db, investments.resource),
    exportStatisticsInvestments: exportHandler(db, investments.export),
    getStatisticsTeam: listHandler(db, team.resource),
    exportStatisticsTeam: exportHandler(db, team.export),
    getStatisticsDashboard: handWritten(
      'unrelated counts, each only with the component of the page it links to',
      async (context) => ({
        status: 200,
        body: await dashboard(db, (await accessOf(db, context.principal!)).components),
      }),
    ),
  };
}
