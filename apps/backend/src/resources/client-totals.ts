import { is, sql, SQL, type Column, type Placeholder } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { intArray } from '../db/int-array.js';
import { executeNamed, pieceOf, sqlByShape, valuesOf } from '../db/named.js';
import { rowsOf } from '../db/rows.js';
import {
  agentOfScopeStatement,
  inSaleScope,
  SALE_SCOPE_TEMPLATE,
  type SaleScope,
} from '../domain/sale-scope.js';

/**
 * Customer totals over the chosen exercices (all when none), of the caller's sales scope only
 * (`domain/sale-scope.ts`: staff every sale, an agent his own and his downline's):
 * - due real estate: amounts of deeds signed (Acté);
 * - outstanding real estate: sales under way (Optionné, Réservé, Financé);
 * - acted investments: Validé and Terminé; outstanding investments: Encours.
 */
export interface CustomerTotals {
  dueRealEstateTotalAmount: number;
  outstandingRealEstateTotalAmount: number;
  actedInvestmentsTotalAmount: number;
  outstandingInvestmentsTotalAmount: number;
  lastReminder: ReminderRef | null;
  nextReminder: ReminderRef | null;
}

export interface ReminderRef {
  id: number;
  date: string;
  title: string;
}

const inYears = (alias: string, years: readonly (number | Placeholder)[] | undefined) =>
  years
    ? sql`and ${sql.raw(alias)}.exercice in (${sql.join(
        years.map((y) => sql`${y}`),
        sql`, `,
      )})`
    : sql``;

/** `and <alias>.agent_id` in the scope, or nothing for staff. */
const inScope = (alias: string, scope: SaleScope | SQL) => {
  const condition = inSaleScope(sql.raw(`${alias}.agent_id`), scope);
  return condition ? sql`and ${condition}` : sql``;
};

/** Both kinds of sale, for the activity filter without a `type` (with the agent: for a scope). */
const ANY_SALE = sql.raw(
  '(select customer_id, exercice from real_estate_sales union all select customer_id, exercice from investment_sales)',
);
const ANY_SCOPED_SALE = sql.raw(
  '(select customer_id, exercice, agent_id from real_estate_sales union all select customer_id, exercice, agent_id from investment_sales)',
);

/**
 * Whether the customer has a sale of `type` (any type when absent) in `years`: one semi join,
 * so the planner either probes `(customer_id, exercice)` per customer (a page in name order, an
 * agent's customers) or hashes the ids read index-only from `(exercice, customer_id)` (the count
 * over the network). Without a type, the union all keeps that one semi join: `exists … or exists …`
 * cannot be one, and is planned as two hashed subplans costly enough to trigger JIT compilation.
 * Only the sales of `scope` count: another agent's sale to an agent's customer must not make the
 * customer match (the filter would tell that sale).
 */
export function customerActivity(
  customerId: Column,
  {
    years,
    type,
    scope,
  }: { years?: number[]; type?: 'realEstate' | 'investment'; scope: SaleScope },
): SQL {
  const sales =
    type === 'realEstate'
      ? sql.raw('real_estate_sales')
      : type === 'investment'
        ? sql.raw('investment_sales')
        : scope === undefined
          ? ANY_SALE
          : ANY_SCOPED_SALE;
  return sql`exists (select 1 from ${sales} s where s.customer_id = ${customerId} ${inYears('s', years)} ${inScope('s', scope)})`;
}

/** The four totals a customer list can be sorted by, as the API names them. */
export const TOTAL_ORDERS = {
  dueRealEstateTotalAmount: { table: 'real_estate_sales', states: "r.adv_status = 'Acté'" },
  outstandingRealEstateTotalAmount: {
    table: 'real_estate_sales',
    states: "r.adv_status in ('Optionné', 'Réservé', 'Financé')",
  },
  actedInvestmentsTotalAmount: {
    table: 'investment_sales',
    states: "r.status in ('Validé', 'Terminé')",
  },
  outstandingInvestmentsTotalAmount: { table: 'investment_sales', states: "r.status = 'Encours'" },
} as const;

/**
 * One customer's total of `kind` as a correlated subquery on `customerId`, the same sales as
 * `customerTotals` counts (exercices, the caller's scope): what a list sorts by.
 */
export function customerTotalOrder(
  kind: keyof typeof TOTAL_ORDERS,
  customerId: Column,
  years: number[] | undefined,
  scope: SaleScope | SQL,
): SQL {
  const { table, states } = TOTAL_ORDERS[kind];
  return sql`(select coalesce(sum(r.amount), 0) from ${sql.raw(table)} r
    where r.customer_id = ${customerId} and ${sql.raw(states)} ${inYears('r', years)} ${inScope('r', scope)})`;
}

const reminder = (direction: 'last' | 'next', ids: SQL) => sql`(
  select distinct on (m.customer_id) m.customer_id, json_build_object(
    'id', m.id, 'title', m.title,
    'date', to_char(m.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) as value
  from reminders m
  where m.customer_id = any(${ids})
    and ${direction === 'last' ? sql`m.date < now()` : sql`m.date >= now()`}
  order by m.customer_id, m.date ${direction === 'last' ? sql`desc` : sql`asc`})`;

/** Pages (at most 100 rows) go through a prepared statement; longer lists do not. */
const PREPARED_MAX_IDS = 100;

/**
 * Grouped over the batch's ids (one pass per table and batch), not a subquery per customer: an
 * export of 100,000 customers reads each sales table once per batch of thousands. A scope given
 * as its query (`saleScopeForStatement`) is read once, as the statement's first CTE.
 */
export async function customerTotals(
  db: Database,
  ids: number[],
  years: number[] | undefined,
  scope: SaleScope | SQL,
): Promise<Map<number, CustomerTotals>> {
  if (ids.length === 0) return new Map();
  const result =
    ids.length <= PREPARED_MAX_IDS
      ? await pageTotals(db, ids, years, scope)
      : // An export's batches of thousands as a literal, planned for their size each time.
        await db.execute(totalsStatement(intArray(ids), years, scope));
  const totals = new Map<number, CustomerTotals>();
  for (const row of rowsOf<Record<string, unknown>>(result)) {
    totals.set(Number(row.id), {
      dueRealEstateTotalAmount: Number(row.due_re),
      outstandingRealEstateTotalAmount: Number(row.outstanding_re),
      actedInvestmentsTotalAmount: Number(row.acted_inv),
      outstandingInvestmentsTotalAmount: Number(row.outstanding_inv),
      lastReminder: parseJson(row.last_reminder),
      nextReminder: parseJson(row.next_reminder),
    });
  }
  return totals;
}

/**
 * A page's totals: a prepared statement (its text the same from one page to the next, the ids
 * one parameter), built once per shape (the number of exercices, the scope's text) with
 * placeholders for the ids, the exercices and the scope query's values, as the pages' own
 * statements (`db/named.ts`): rendering it through drizzle cost more than the rest of the
 * request's statements. A scope of ids (`intArray`'s literal) is in the text, sent unnamed.
 */
async function pageTotals(
  db: Database,
  ids: number[],
  years: number[] | undefined,
  scope: SaleScope | SQL,
): Promise<unknown> {
  const scoping = scopeTemplateOf(scope);
  if (scoping === null)
    // A scope query whose text does not number its values in order: built whole, as before.
    return executeNamed(
      db,
      'customer_totals',
      totalsStatement(sql`${sql.param(ids)}::int[]`, years, scope),
    );
  const prepared = sqlByShape(
    db,
    customerTotals,
    `${years?.length ?? ''}\0${scoping.shape}`,
    'customer_totals',
    () =>
      totalsStatement(
        sql`${sql.placeholder('ids')}::int[]`,
        years?.map((_, index) => sql.placeholder(`y${index}`)),
        scoping.template,
      ),
  );
  const values: Record<string, unknown> = { ...scoping.values, ids };
  years?.forEach((year, index) => (values[`y${index}`] = year));
  return prepared.execute(values);
}

/**
 * The scope as it goes into a statement built once: its part of the shape, what the statement
 * embeds (placeholders for a query's values) and their values; null when it cannot be one.
 */
function scopeTemplateOf(
  scope: SaleScope | SQL,
): { shape: string; template: SaleScope | SQL; values: Record<string, unknown> } | null {
  if (!is(scope, SQL))
    // Everyone's (nothing embedded), or ids, whose literal is in the text.
    return { shape: scope === undefined ? '' : `i${scope.join()}`, template: scope, values: {} };
  const own = agentOfScopeStatement(scope);
  if (own !== undefined) return { shape: 'agent', template: SALE_SCOPE_TEMPLATE, values: { own } };
  const piece = pieceOf(scope, 's');
  return (
    piece && {
      shape: `q${piece.text}`,
      template: piece.template!,
      values: valuesOf({ s: piece }, {}),
    }
  );
}

/** The totals' statement over the customers of `list` (an int[] expression). */
function totalsStatement(
  list: SQL,
  years: readonly (number | Placeholder)[] | undefined,
  scope: SaleScope | SQL,
): SQL {
  const scopeQuery = is(scope, SQL) ? scope : null;
  const scoped = scopeQuery ? sql`select id from sale_scope` : scope;
  return sql`
    ${scopeQuery ? sql`with sale_scope as materialized (${scopeQuery})` : sql``}
    select c.id,
      coalesce(re.due, 0)::float8 as due_re,
      coalesce(re.outstanding, 0)::float8 as outstanding_re,
      coalesce(inv.acted, 0)::float8 as acted_inv,
      coalesce(inv.outstanding, 0)::float8 as outstanding_inv,
      lr.value as last_reminder,
      nr.value as next_reminder
    from unnest(${list}) as c(id)
    left join (
      select r.customer_id,
        sum(r.amount) filter (where r.adv_status = 'Acté') as due,
        sum(r.amount) filter (where r.adv_status in ('Optionné', 'Réservé', 'Financé')) as outstanding
      from real_estate_sales r
      where r.customer_id = any(${list}) ${inYears('r', years)} ${inScope('r', scoped)}
      group by r.customer_id
    ) re on re.customer_id = c.id
    left join (
      select i.customer_id,
        sum(i.amount) filter (where i.status in ('Validé', 'Terminé')) as acted,
        sum(i.amount) filter (where i.status = 'Encours') as outstanding
      from investment_sales i
      where i.customer_id = any(${list}) ${inYears('i', years)} ${inScope('i', scoped)}
      group by i.customer_id
    ) inv on inv.customer_id = c.id
    left join ${reminder('last', list)} lr on lr.customer_id = c.id
    left join ${reminder('next', list)} nr on nr.customer_id = c.id`;
}

const parseJson = (value: unknown): ReminderRef | null =>
  value === null || value === undefined
    ? null
    : ((typeof value === 'string' ? JSON.parse(value) : value) as ReminderRef);
