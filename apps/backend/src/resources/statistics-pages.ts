import { sql, type SQL } from 'drizzle-orm';
import { REAL_ESTATE_STATUSES, SALE_STEP_TYPES, type SaleStepType } from '../db/schema.js';
import {
  byMonth,
  cents,
  type Filters,
  inYear,
  monthly,
  num,
  partRows,
  type Parts,
  rate,
  statisticsPage,
  todayInParis,
} from './statistics.js';

/**
 * The four statistics pages (`/statistics/{taux-uc|investments|real-estate|team}`): each
 * figure's grouped statement, and the figures drawn from their rows.
 */

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

const counted = sql`s.status <> 'Annulé'`;
const providerFilter = (filters: Filters) =>
  filters.providerId === null ? sql`` : sql` and p.provider_id = ${filters.providerId}`;

const investmentRows = (filters: Filters, select: SQL, groupBy: SQL) => sql`
  select ${select}
  from investment_sales s
  join financial_products p on p.id = s.product_id
  join financial_providers f on f.id = p.provider_id
  where ${inYear(sql`s.subscription_date`, filters.year)} and ${counted}${providerFilter(filters)}
  group by ${groupBy}`;

/** The providers the filter offers, by name. */
const providerChoices = {
  statement: sql`select id, name from financial_providers`,
  orderBy: sql`q.name, q.id`,
};
const providersOf = (parts: Parts) => ({
  providers: partRows<{ id: number; name: string }>(parts, 'providerChoices').map((row) => ({
    id: Number(row.id),
    name: row.name,
  })),
});

const ucAmount = sql`sum(case when p.category in (${sql.join(
  UC_CATEGORIES.map((category) => sql`${category}`),
  sql`, `,
)}) then s.amount else 0 end)`;

/** `/statistics/taux-uc`: UC amounts and share by month, share by provider. */
export const tauxUc = statisticsPage('/statistics/taux-uc', 'statistiques_taux_uc', {
  parts: (filters) => ({
    months: investmentRows(
      filters,
      sql`extract(month from s.subscription_date)::int as month, ${ucAmount} as uc, sum(s.amount) as total`,
      sql`1`,
    ),
    providers: investmentRows(
      filters,
      sql`f.name as name, ${ucAmount} as uc, sum(s.amount) as total`,
      sql`f.name`,
    ),
    providerChoices,
  }),
  figures: (parts) => {
    const months = partRows<{ month: number; uc: number; total: number }>(parts, 'months');
    const providers = partRows<{ name: string; uc: number; total: number }>(
      parts,
      'providers',
    ).sort((a, b) => a.name.localeCompare(b.name, 'fr'));
    return [
      monthly('uc-amounts', 'Montants placés par mois : unités de compte et hors UC', 'euros', [
        { name: 'Unités de compte', values: byMonth(months, (r) => cents(num(r.uc))) },
        { name: 'Hors UC', values: byMonth(months, (r) => cents(num(r.total) - num(r.uc))) },
      ]),
      monthly('uc-rate-months', 'Taux UC par mois (%)', 'percent', [
        { name: 'Taux UC', values: byMonth(months, (r) => rate(num(r.uc), num(r.total))) },
      ]),
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
  },
  choices: providersOf,
});

type Volume = { name: string; volume: number; fees: number };
const byVolume = (a: Volume, b: Volume) =>
  num(b.volume) - num(a.volume) || a.name.localeCompare(b.name, 'fr');
const volumeAndFees = (rows: Volume[]) => [
  { name: 'Volume', values: rows.map((row) => cents(num(row.volume))) },
  { name: 'Frais', values: rows.map((row) => cents(num(row.fees))) },
];
const fees = sql`sum(s.amount * s.fee / 100)`;

/** `/statistics/investments`: volumes by month and operation, volumes and fees by provider and product. */
export const investments = statisticsPage('/statistics/investments', 'statistiques_placements', {
  parts: (filters) => ({
    months: investmentRows(
      filters,
      sql`extract(month from s.subscription_date)::int as month,
        sum(case when s.operation = 'Souscription' then s.amount else 0 end) as subscriptions,
        sum(case when s.operation = 'Versement' then s.amount else 0 end) as payments`,
      sql`1`,
    ),
    providers: investmentRows(
      filters,
      sql`f.name as name, sum(s.amount) as volume, ${fees} as fees`,
      sql`f.name`,
    ),
    products: investmentRows(
      filters,
      sql`p.name as name, sum(s.amount) as volume, ${fees} as fees`,
      sql`p.id, p.name`,
    ),
    providerChoices,
  }),
  figures: (parts) => {
    type Month = { month: number; subscriptions: number; payments: number };
    const months = partRows<Month>(parts, 'months');
    const providers = partRows<Volume>(parts, 'providers').sort(byVolume);
    const products = partRows<Volume>(parts, 'products').sort(byVolume).slice(0, 10);
    return [
      monthly('investments-months', 'Volumes placés par mois', 'euros', [
        { name: 'Souscriptions', values: byMonth(months, (r) => cents(num(r.subscriptions))) },
        { name: 'Versements', values: byMonth(months, (r) => cents(num(r.payments))) },
      ]),
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
  },
  choices: providersOf,
});

/** `/statistics/real-estate`: sales optioned in the year by status and type, steps by month. */
export const realEstate = statisticsPage('/statistics/real-estate', 'statistiques_immobilier', {
  parts: (filters) => {
    const typeFilter = filters.type === null ? sql`` : sql` and s.type = ${filters.type}`;
    const optioned = sql`${inYear(sql`s.option_date`, filters.year)}${typeFilter}`;
    return {
      statuses: sql`
        select s.adv_status as status, count(*)::int as value
        from real_estate_sales s where ${optioned} group by 1`,
      steps: sql`
        select extract(month from st.date)::int as month, st.type as type, count(*)::int as value
        from real_estate_sale_steps st join real_estate_sales s on s.id = st.sale_id
        where ${inYear(sql`st.date`, filters.year)}${typeFilter}
        group by 1, 2`,
      types: {
        statement: sql`
          select s.type as type, count(*)::int as sales, sum(s.amount) as amount
          from real_estate_sales s
          where ${optioned} and s.adv_status not in ('Désisté', 'VNR')
          group by 1`,
        orderBy: sql`q.type`,
      },
      typeChoices: {
        statement: sql`select distinct type from real_estate_sales`,
        orderBy: sql`q.type`,
      },
    };
  },
  figures: (parts) => {
    const statuses = new Map(
      partRows<{ status: string; value: number }>(parts, 'statuses').map((row) => [
        row.status,
        num(row.value),
      ]),
    );
    const steps = partRows<{ month: number; type: SaleStepType; value: number }>(parts, 'steps');
    const types = partRows<{ type: string; amount: number }>(parts, 'types');
    return [
      {
        id: 'real-estate-statuses',
        title: 'Ventes optionnées dans l’année par statut',
        unit: 'count',
        categoryLabel: 'Statut',
        categories: [...REAL_ESTATE_STATUSES],
        series: [{ name: 'Ventes', values: REAL_ESTATE_STATUSES.map((s) => statuses.get(s) ?? 0) }],
      },
      monthly(
        'real-estate-steps',
        'Étapes franchies par mois',
        'count',
        SALE_STEP_TYPES.map((type) => ({
          name: STEP_LABELS[type],
          values: byMonth(
            steps.filter((row) => row.type === type),
            (row) => num(row.value),
          ),
        })),
      ),
      {
        id: 'real-estate-types',
        title: 'Montant des ventes en cours ou signées par type',
        unit: 'euros',
        categoryLabel: 'Type',
        categories: types.map((row) => row.type),
        series: [{ name: 'Montant', values: types.map((row) => cents(num(row.amount))) }],
      },
    ];
  },
  choices: (parts) => ({
    types: partRows<{ type: string }>(parts, 'typeChoices').map((row) => row.type),
  }),
});

/** `/statistics/team`: agents joining, network size, agents selling and signing in, by month. */
export const team = statisticsPage('/statistics/team', 'statistiques_equipes', {
  parts: ({ year }) => ({
    months: sql`
      select m.month::int as month,
        (select count(*)::int from agents a
          where extract(year from a.register_date) = ${year}
            and extract(month from a.register_date) = m.month
            and a.register_date <= ${todayInParis()}::date) as joined,
        -- At the month's end, or today for this month: not an agent who joins later.
        (select count(*)::int from agents a
          where a.register_date < (make_date(${year}::int, m.month::int, 1) + interval '1 month')
            and a.register_date <= ${todayInParis()}::date) as size
      from generate_series(1, 12) as m(month)`,
    sellers: sql`
      select month, count(distinct agent_id)::int as value from (
        select extract(month from s.subscription_date)::int as month, s.agent_id
        from investment_sales s where ${inYear(sql`s.subscription_date`, year)} and ${counted}
        union all
        select extract(month from r.option_date)::int, r.agent_id
        from real_estate_sales r where ${inYear(sql`r.option_date`, year)}) sales
      group by 1`,
    signedIn: sql`
      select extract(month from (t.started_at at time zone 'Europe/Paris'))::int as month,
        count(distinct t.user_id)::int as value
      from tracking_sessions t join users u on u.id = t.user_id
      where u.agent_id is not null and t.impersonator_id is null
        and t.started_at >= (make_date(${year}::int, 1, 1)::timestamp at time zone 'Europe/Paris')
        and t.started_at < (make_date(${year}::int + 1, 1, 1)::timestamp at time zone 'Europe/Paris')
      group by 1`,
  }),
  figures: (parts) => {
    const months = partRows<{ month: number; joined: number; size: number }>(parts, 'months');
    const sellers = partRows<{ month: number; value: number }>(parts, 'sellers');
    const signedIn = partRows<{ month: number; value: number }>(parts, 'signedIn');
    return [
      monthly('team-joined', 'Nouveaux mandataires par mois', 'count', [
        { name: 'Nouveaux mandataires', values: byMonth(months, (r) => num(r.joined)) },
      ]),
      monthly('team-size', 'Mandataires du réseau en fin de mois', 'count', [
        { name: 'Mandataires', values: byMonth(months, (r) => num(r.size)) },
      ]),
      monthly('team-activity', 'Activité des mandataires par mois', 'count', [
        { name: 'Mandataires ayant vendu', values: byMonth(sellers, (r) => num(r.value)) },
        { name: 'Mandataires connectés', values: byMonth(signedIn, (r) => num(r.value)) },
      ]),
    ];
  },
});
