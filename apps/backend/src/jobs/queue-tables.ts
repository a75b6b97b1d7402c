import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * pg-boss's own tables (schema `pgboss`) as the rest of the backend reads them: the dispatch
 * sweep, the staff view of the queue and the queue-depth metric. Only the queue module reads
 * them (`queue.ts`, which runs the queue, and this file); the lint holds every other module to
 * these functions, so a pg-boss upgrade that changes its tables is met in one folder.
 */

/** SQL condition: a job of this name and key (an SQL expression) waits, awaits a retry or runs. */
export const jobWaitsOrRuns = (name: string, key: SQL): SQL =>
  sql`exists (select 1 from pgboss.job j
    where j.name = ${name} and j.singleton_key = ${key}
      and j.state in ('created', 'retry', 'active'))`;

export interface QueueJobRow {
  id: string;
  name: string;
  state: string;
  singleton_key: string | null;
  retry_count: number;
  retry_limit: number;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  output: { message?: unknown } | null;
}

/**
 * A page of the queue's jobs, newest first, with how many match: those of a state, and of
 * some names (a queue and its dead letters).
 */
export async function queueJobs(
  db: Database,
  filter: { state?: string; names?: string[] },
  page: { limit: number; offset: number },
): Promise<{ rows: QueueJobRow[]; totalItems: number }> {
  const { state, names } = filter;
  const where = sql.join(
    [
      sql`true`,
      ...(state ? [sql`state = ${state}::pgboss.job_state`] : []),
      ...(names
        ? [
            sql`name in (${sql.join(
              names.map((name) => sql`${name}`),
              sql`, `,
            )})`,
          ]
        : []),
    ],
    sql` and `,
  );
  const result = await db.execute(sql`
    select id, name, state, singleton_key, retry_count, retry_limit, created_on, started_on,
      completed_on, output, count(*) over () as total
    from pgboss.job where ${where}
    order by created_on desc, id
    limit ${page.limit} offset ${page.offset}`);
  const rows = rowsOf<QueueJobRow & { total: unknown }>(result);
  let totalItems = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page.offset > 0) {
    const [counted] = rowsOf<{ n: unknown }>(
      await db.execute(sql`select count(*) as n from pgboss.job where ${where}`),
    );
    totalItems = Number(counted?.n ?? 0);
  }
  return { rows, totalItems };
}

/** The state of one job; undefined when there is none of this id. */
export async function queueJobState(db: Database, id: string): Promise<string | undefined> {
  const [job] = rowsOf<{ state: string }>(
    await db.execute(sql`select state from pgboss.job where id = ${id}::uuid`),
  );
  return job?.state;
}

/**
 * Jobs per queue, waiting (created or to retry) and active, across all processes: one grouped
 * count over the jobs not finished (pg-boss keeps them apart from the finished ones by its
 * partial indexes), every queue listed even when empty.
 */
export async function queueDepths(
  db: Database,
): Promise<{ name: string; waiting: number; active: number }[]> {
  const result = await db.execute(
    sql`select q.name,
          count(j.id) filter (where j.state in ('created', 'retry')) as waiting,
          count(j.id) filter (where j.state = 'active') as active
        from pgboss.queue q
        left join pgboss.job j on j.name = q.name and j.state < 'completed'
        group by q.name`,
  );
  return rowsOf<{ name: string; waiting: unknown; active: unknown }>(result).map((row) => ({
    name: row.name,
    waiting: Number(row.waiting),
    active: Number(row.active),
  }));
}
