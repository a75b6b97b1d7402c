import { sql, type Column, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * Customer totals over the chosen exercices (all when none):
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

const inYears = (alias: string, years: number[] | undefined) =>
  years
    ? sql`and ${sql.raw(alias)}.exercice in (${sql.join(
        years.map((y) => sql`${y}`),
        sql`, `,
      )})`
    : sql``;

/** Both kinds of sale, for the activity filter without a `type`. */
const ANY_SALE = sql.raw(
  '(select customer_id, exercice from real_estate_sales union all select customer_id, exercice from investment_sales)',
);

/**
 * Whether the customer has a sale of `type` (any type when absent) in `years`: one semi join,
 * so the planner either probes `(customer_id, exercice)` per customer (a page in name order, an
 * agent's customers) or hashes the ids read index-only from `(exercice, customer_id)` (the count
 * over the network). Without a type, the union all keeps that one semi join: `exists … or exists …`
 * cannot be one, and is planned as two hashed subplans costly enough to trigger JIT compilation.
 */
export function customerActivity(
  customerId: Column,
  { years, type }: { years?: number[]; type?: 'realEstate' | 'investment' },
): SQL {
  const sales =
    type === 'realEstate'
      ? sql.raw('real_estate_sales')
      : type === 'investment'
        ? sql.raw('investment_sales')
        : ANY_SALE;
  return sql`exists (select 1 from ${sales} s where s.customer_id = ${customerId} ${inYears('s', years)})`;
}

const reminder = (direction: 'last' | 'next') => sql`(
  select json_build_object(
    'id', m.id, 'title', m.title,
    'date', to_char(m.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
  from reminders m
  where m.customer_id = c.id and ${direction === 'last' ? sql`m.date < now()` : sql`m.date >= now()`}
  order by m.date ${direction === 'last' ? sql`desc` : sql`asc`}
  limit 1)`;

export async function customerTotals(
  db: Database,
  ids: number[],
  years: number[] | undefined,
): Promise<Map<number, CustomerTotals>> {
  if (ids.length === 0) return new Map();
  const sum = (table: string, alias: string, condition: SQL) => sql`coalesce((
    select sum(${sql.raw(alias)}.amount) from ${sql.raw(table)} ${sql.raw(alias)}
    where ${sql.raw(alias)}.customer_id = c.id and ${condition} ${inYears(alias, years)}
  ), 0)::float8`;
  const result = await db.execute(sql`
    select c.id,
      ${sum('real_estate_sales', 'r', sql`r.adv_status = 'Acté'`)} as due_re,
      ${sum('real_estate_sales', 'r', sql`r.adv_status in ('Optionné', 'Réservé', 'Financé')`)} as outstanding_re,
      ${sum('investment_sales', 'i', sql`i.status in ('Validé', 'Terminé')`)} as acted_inv,
      ${sum('investment_sales', 'i', sql`i.status = 'Encours'`)} as outstanding_inv,
      ${reminder('last')} as last_reminder,
      ${reminder('next')} as next_reminder
    from customers c
    where c.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
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

const parseJson = (value: unknown): ReminderRef | null =>
  value === null || value === undefined
    ? null
    : ((typeof value === 'string' ? JSON.parse(value) : value) as ReminderRef);
