import { sql, type SQL } from 'drizzle-orm';
import { accessOf } from '../access/principal-access.js';
import type { Principal } from '../auth/principal.js';
import type { Handler, HandlerContext } from '../contract.js';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { REAL_ESTATE_STATUSES, SALE_STEP_TYPES, type SaleStepType } from '../db/schema.js';
import { xlsxAttachment } from '../exports/responses.js';
import { xlsxWorkbookStream, type ColumnFormat } from '../exports/xlsx.js';
import type { Deps, HandlerMap } from '../deps.js';

/**
 * The network's statistics (design in docs/decisions.md, "Statistics and staff dashboard").
 * Hand-written: each figure is one grouped statement over a year of sales, agents or sign-ins
 * (a chart's points, not a pageable collection), answered with the page's other figures.
 */

export type Unit = 'count' | 'euros' | 'percent';

export interface Figure {
  id: string;
  title: string;
  unit: Unit;
  categoryLabel: string;
  categories: string[];
  series: { name: string; values: number[] }[];
}

interface Filters {
  year: number;
  providerId: number | null;
  type: string | null;
}

const monthFormat = new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' });

/** 'Janvier' … 'Décembre': the platform's French names (CLDR), as the front's month labels. */
export const MONTHS = Array.from({ length: 12 }, (_, i) => {
  const name = monthFormat.format(Date.UTC(2000, i, 1));
  return name.charAt(0).toUpperCase() + name.slice(1);
});

/**
 * Unit-linked (UC) products: the sales hold no split between euro funds and units, so a sale
 * counts as UC by its product's family (units of SCPI, OPCI and securities accounts).
 */
export const UC_CATEGORIES = ['SCPI', 'OPCI', 'Compte-titres'];

const STEP_LABELS: Record<SaleStepType, string> = {
  option: 'Option',
  booking: 'Réservation',
  bank_agreement: 'Accord bancaire',
  deed: 'Acte',
  cancel: 'Désistement',
};

const parisDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });
export const todayInParis = (now = new Date()) => parisDay.format(now);

function filtersOf(query: Record<string, unknown>): Filters {
  const year = query.year === undefined ? Number(todayInParis().slice(0, 4)) : Number(query.year);
  const providerId = query.providerId === undefined ? null : Number(query.providerId);
  const type = typeof query.type === 'string' && query.type !== '' ? query.type : null;
  return { year, providerId, type };
}

/** `column` within the calendar year. */
const inYear = (column: SQL, year: number) =>
  sql`${column} >= make_date(${year}::int, 1, 1) and ${column} < make_date(${year}::int + 1, 1, 1)`;

const num = (value: unknown) => Number(value ?? 0);
/** Euros to the cent, percentages to a tenth. */
const cents = (value: number) => Math.round(value * 100) / 100;
const rate = (part: number, total: number) => (total ? Math.round((part / total) * 1000) / 10 : 0);

/** Twelve months, each filled from the rows keyed by month number (1–12). */
function byMonth<Row extends { month: number }>(rows: Row[], value: (row: Row) => number) {
  const values = new Array<number>(12).fill(0);
  for (const row of rows) values[Number(row.month) - 1] = value(row);
  return values;
}

const counted = sql`s.status <> 'Annulé'`;
const providerFilter = (filters: Filters) =>
  filters.providerId === null ? sql`` : sql` and p.provider_id = ${filters.providerId}`;

async function investmentRows<Row>(db: Database, filters: Filters, select: SQL, groupBy: SQL) {
  return rowsOf<Row>(
    await db.execute(sql`
      select ${select}
      from investment_sales s
      join financial_products p on p.id = s.product_id
      join financial_providers f on f.id = p.provider_id
      where ${inYear(sql`s.subscription_date`, filters.year)} and ${counted}${providerFilter(filters)}
      group by ${groupBy}`),
  );
}

async function providersOf(db: Database) {
  return rowsOf<{ id: number; name: string }>(
    await db.execute(sql`select id, name from financial_providers order by name, id`),
  ).map((row) => ({ id: Number(row.id), name: row.name }));
}

const ucAmount = sql`sum(case when p.category in (${sql.join(
  UC_CATEGORIES.map((category) => sql`${category}`),
  sql`, `,
)}) then s.amount else 0 end)`;

/** `/statistiques/taux-uc`: UC amounts and share by month, share by provider. */
async function tauxUc(db: Database, filters: Filters): Promise<Figure[]> {
  type Row = { month: number; uc: string; total: string };
  const months = await investmentRows<Row>(
    db,
    filters,
    sql`extract(month from s.subscription_date)::int as month, ${ucAmount} as uc, sum(s.amount) as total`,
    sql`1`,
  );
  const providers = (
    await investmentRows<{ name: string; uc: string; total: string }>(
      db,
      filters,
      sql`f.name as name, ${ucAmount} as uc, sum(s.amount) as total`,
      sql`f.name`,
    )
  ).sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  return [
    {
      id: 'uc-amounts',
      title: 'Montants placés par mois : unités de compte et hors UC',
      unit: 'euros',
      categoryLabel: 'Mois',
      categories: MONTHS,
      series: [
        { name: 'Unités de compte', values: byMonth(months, (r) => cents(num(r.uc))) },
        { name: 'Hors UC', values: byMonth(months, (r) => cents(num(r.total) - num(r.uc))) },
      ],
    },
    {
      id: 'uc-rate-months',
      title: 'Taux UC par mois (%)',
      unit: 'percent',
      categoryLabel: 'Mois',
      categories: MONTHS,
      series: [{ name: 'Taux UC', values: byMonth(months, (r) => rate(num(r.uc), num(r.total))) }],
    },
    {
      id: 'uc-rate-providers',
      title: 'Taux UC par fournisseur (%)',
      unit: 'percent',
      categoryLabel: 'Fournisseur',
      categories: providers.map((row) => row.name),
      series: [
        { name: 'Taux UC', values: providers.map((row) => rate(num(row.uc), num(row.total))) },
      ],
    },
  ];
}

/** `/statistiques/investments`: volumes by month and operation, volumes and fees by provider and product. */
async function investments(db: Database, filters: Filters): Promise<Figure[]> {
  const fees = sql`sum(s.amount * s.fee / 100)`;
  const months = await investmentRows<{ month: number; subscriptions: string; payments: string }>(
    db,
    filters,
    sql`extract(month from s.subscription_date)::int as month,
      sum(case when s.operation = 'Souscription' then s.amount else 0 end) as subscriptions,
      sum(case when s.operation = 'Versement' then s.amount else 0 end) as payments`,
    sql`1`,
  );
  type Volume = { name: string; volume: string; fees: string };
  const byVolume = (a: Volume, b: Volume) =>
    num(b.volume) - num(a.volume) || a.name.localeCompare(b.name, 'fr');
  const providers = (
    await investmentRows<Volume>(
      db,
      filters,
      sql`f.name as name, sum(s.amount) as volume, ${fees} as fees`,
      sql`f.name`,
    )
  ).sort(byVolume);
  const products = (
    await investmentRows<Volume>(
      db,
      filters,
      sql`p.name as name, sum(s.amount) as volume, ${fees} as fees`,
      sql`p.id, p.name`,
    )
  )
    .sort(byVolume)
    .slice(0, 10);
  const volumeAndFees = (rows: Volume[]) => [
    { name: 'Volume', values: rows.map((row) => cents(num(row.volume))) },
    { name: 'Frais', values: rows.map((row) => cents(num(row.fees))) },
  ];
  return [
    {
      id: 'investments-months',
      title: 'Volumes placés par mois',
      unit: 'euros',
      categoryLabel: 'Mois',
      categories: MONTHS,
      series: [
        { name: 'Souscriptions', values: byMonth(months, (r) => cents(num(r.subscriptions))) },
        { name: 'Versements', values: byMonth(months, (r) => cents(num(r.payments))) },
      ],
    },
    {
      id: 'investments-providers',
      title: 'Volumes et frais par fournisseur',
      unit: 'euros',
      categoryLabel: 'Fournisseur',
      categories: providers.map((row) => row.name),
      series: volumeAndFees(providers),
    },
    {
      id: 'investments-products',
      title: 'Volumes et frais des 10 premiers produits',
      unit: 'euros',
      categoryLabel: 'Produit',
      categories: products.map((row) => row.name),
      series: volumeAndFees(products),
    },
  ];
}

/** `/statistiques/real-estate`: sales optioned in the year by status and type, steps by month. */
async function realEstate(db: Database, filters: Filters): Promise<Figure[]> {
  const typeFilter = filters.type === null ? sql`` : sql` and s.type = ${filters.type}`;
  const optioned = sql`${inYear(sql`s.option_date`, filters.year)}${typeFilter}`;
  const statuses = new Map(
    rowsOf<{ status: string; value: number }>(
      await db.execute(sql`
        select s.adv_status as status, count(*)::int as value
        from real_estate_sales s where ${optioned} group by 1`),
    ).map((row) => [row.status, num(row.value)]),
  );
  const steps = rowsOf<{ month: number; type: SaleStepType; value: number }>(
    await db.execute(sql`
      select extract(month from st.date)::int as month, st.type as type, count(*)::int as value
      from real_estate_sale_steps st join real_estate_sales s on s.id = st.sale_id
      where ${inYear(sql`st.date`, filters.year)}${typeFilter}
      group by 1, 2`),
  );
  const types = rowsOf<{ type: string; sales: number; amount: string }>(
    await db.execute(sql`
      select s.type as type, count(*)::int as sales, sum(s.amount) as amount
      from real_estate_sales s
      where ${optioned} and s.adv_status not in ('Désisté', 'VNR')
      group by 1 order by 1`),
  );
  return [
    {
      id: 'real-estate-statuses',
      title: 'Ventes optionnées dans l’année par statut',
      unit: 'count',
      categoryLabel: 'Statut',
      categories: [...REAL_ESTATE_STATUSES],
      series: [{ name: 'Ventes', values: REAL_ESTATE_STATUSES.map((s) => statuses.get(s) ?? 0) }],
    },
    {
      id: 'real-estate-steps',
      title: 'Étapes franchies par mois',
      unit: 'count',
      categoryLabel: 'Mois',
      categories: MONTHS,
      series: SALE_STEP_TYPES.map((type) => ({
        name: STEP_LABELS[type],
        values: byMonth(
          steps.filter((row) => row.type === type),
          (row) => num(row.value),
        ),
      })),
    },
    {
      id: 'real-estate-types',
      title: 'Montant des ventes en cours ou signées par type',
      unit: 'euros',
      categoryLabel: 'Type',
      categories: types.map((row) => row.type),
      series: [{ name: 'Montant', values: types.map((row) => cents(num(row.amount))) }],
    },
  ];
}

/** `/statistiques/team`: agents joining, network size, agents selling and signing in, by month. */
async function team(db: Database, filters: Filters): Promise<Figure[]> {
  const { year } = filters;
  const months = rowsOf<{ month: number; joined: number; size: number }>(
    await db.execute(sql`
      select m.month::int as month,
        (select count(*)::int from agents a
          where extract(year from a.register_date) = ${year}
            and extract(month from a.register_date) = m.month) as joined,
        (select count(*)::int from agents a
          where a.register_date < (make_date(${year}::int, m.month::int, 1) + interval '1 month')) as size
      from generate_series(1, 12) as m(month)`),
  );
  const sellers = rowsOf<{ month: number; value: number }>(
    await db.execute(sql`
      select month, count(distinct agent_id)::int as value from (
        select extract(month from s.subscription_date)::int as month, s.agent_id
        from investment_sales s where ${inYear(sql`s.subscription_date`, year)} and ${counted}
        union all
        select extract(month from r.option_date)::int, r.agent_id
        from real_estate_sales r where ${inYear(sql`r.option_date`, year)}) sales
      group by 1`),
  );
  const signedIn = rowsOf<{ month: number; value: number }>(
    await db.execute(sql`
      select extract(month from (t.started_at at time zone 'Europe/Paris'))::int as month,
        count(distinct t.user_id)::int as value
      from tracking_sessions t join users u on u.id = t.user_id
      where u.agent_id is not null and t.impersonator_id is null
        and t.started_at >= (make_date(${year}::int, 1, 1)::timestamp at time zone 'Europe/Paris')
        and t.started_at < (make_date(${year}::int + 1, 1, 1)::timestamp at time zone 'Europe/Paris')
      group by 1`),
  );
  return [
    {
      id: 'team-joined',
      title: 'Nouveaux mandataires par mois',
      unit: 'count',
      categoryLabel: 'Mois',
      categories: MONTHS,
      series: [{ name: 'Nouveaux mandataires', values: byMonth(months, (r) => num(r.joined)) }],
    },
    {
      id: 'team-size',
      title: 'Mandataires du réseau en fin de mois',
      unit: 'count',
      categoryLabel: 'Mois',
      categories: MONTHS,
      series: [{ name: 'Mandataires', values: byMonth(months, (r) => num(r.size)) }],
    },
    {
      id: 'team-activity',
      title: 'Activité des mandataires par mois',
      unit: 'count',
      categoryLabel: 'Mois',
      categories: MONTHS,
      series: [
        { name: 'Mandataires ayant vendu', values: byMonth(sellers, (r) => num(r.value)) },
        { name: 'Mandataires connectés', values: byMonth(signedIn, (r) => num(r.value)) },
      ],
    },
  ];
}

type Page = (db: Database, filters: Filters) => Promise<Figure[]>;

const FORMATS: Record<Unit, ColumnFormat> = {
  count: 'integer',
  euros: 'euros',
  percent: 'percent',
};

function pageHandler(db: Database, page: Page, extra?: 'providers' | 'types'): Handler<Principal> {
  return async (context) => {
    const filters = filtersOf(context.query);
    const figures = await page(db, filters);
    const options =
      extra === 'providers'
        ? { providers: await providersOf(db) }
        : extra === 'types'
          ? { types: await realEstateTypes(db) }
          : {};
    return { status: 200, body: { year: filters.year, figures, ...options } };
  };
}

async function realEstateTypes(db: Database) {
  return rowsOf<{ type: string }>(
    await db.execute(sql`select distinct type from real_estate_sales order by 1`),
  ).map((row) => row.type);
}

/** A page's figures as an .xlsx: one sheet per figure, the table beside its chart. */
function exportHandler(db: Database, page: Page, label: string): Handler<Principal> {
  return async (context: HandlerContext<Principal>) => {
    const filters = filtersOf(context.query);
    const figures = await page(db, filters);
    const sheets = figures.map((figure) => ({
      name: figure.title.replace(/ \(%\)$/, ''),
      columns: [
        {
          header: figure.categoryLabel,
          value: (row: number) => figure.categories[row],
          width: 32,
        },
        ...figure.series.map((serie) => ({
          header: serie.name,
          // The percent format shows fractions: 42.5 is 0.425.
          value: (row: number) =>
            figure.unit === 'percent' ? (serie.values[row] ?? 0) / 100 : (serie.values[row] ?? 0),
          format: FORMATS[figure.unit],
          width: 20,
        })),
      ],
      rows: figure.categories.map((_, index) => index),
    }));
    return xlsxAttachment(context, `${label}_${filters.year}`, xlsxWorkbookStream(sheets));
  };
}

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
    getStatisticsTauxUc: pageHandler(db, tauxUc, 'providers'),
    exportStatisticsTauxUc: exportHandler(db, tauxUc, 'statistiques_taux_uc'),
    getStatisticsRealEstate: pageHandler(db, realEstate, 'types'),
    exportStatisticsRealEstate: exportHandler(db, realEstate, 'statistiques_immobilier'),
    getStatisticsInvestments: pageHandler(db, investments, 'providers'),
    exportStatisticsInvestments: exportHandler(db, investments, 'statistiques_placements'),
    getStatisticsTeam: pageHandler(db, team),
    exportStatisticsTeam: exportHandler(db, team, 'statistiques_equipes'),
    getStatisticsDashboard: async (context) => ({
      status: 200,
      body: await dashboard(db, (await accessOf(db, context.principal!)).components),
    }),
  };
}
