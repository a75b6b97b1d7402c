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

/** Whether the customer has a sale of `type` (any type when absent) in `years`. */
export function customerActivity(
  customerId: Column,
  { years, type }: { years?: number[]; type?: 'realEstate' | 'investment' },
): SQL {
  const realEstate = sql`exists (select 1 from real_estate_sales r where r.customer_id = ${customerId} ${inYears('r', years)})`;
  const investment = sql`exists (select 1 from investment_sales i where i.customer_id = ${customerId} ${inYears('i', years)})`;
  if (type === 'realEstate') return realEstate;
  if (type === 'investment') return investment;
  return sql`(${realEstate} or ${investment})`;
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
