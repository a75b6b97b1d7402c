import { handWritten } from '../contract.js';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows.js';
import { HttpError, notFound } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { DEAD_LETTER_SUFFIX } from '../jobs/queue.js';
import { handListPaging, hydraCollectionBody, pagingOf } from '../resources/pagination.js';
import type { Deps, HandlerMap } from './deps.js';

interface JobRow {
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

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

function jobJson(row: JobRow) {
  const deadLetter = row.name.endsWith(DEAD_LETTER_SUFFIX);
  const message = row.state === 'failed' || deadLetter ? row.output?.message : undefined;
  return {
    '@id': `/jobs/${row.id}`,
    '@type': 'Job',
    id: row.id,
    name: deadLetter ? row.name.slice(0, -DEAD_LETTER_SUFFIX.length) : row.name,
    state: row.state,
    deadLetter,
    key: row.singleton_key,
    retryCount: Number(row.retry_count),
    retryLimit: Number(row.retry_limit),
    createdOn: iso(row.created_on)!,
    startedOn: iso(row.started_on),
    completedOn: iso(row.completed_on),
    lastError: typeof message === 'string' ? message.slice(0, 1000) : null,
  };
}

/**
 * The staff view of the job queue. Hand-written: it reads pg-boss's own table (`pgboss.job`),
 * which the resource layer's drizzle schema does not describe.
 */
export function jobHandlers({ db, jobs }: Deps): HandlerMap {
  return {
    listJobs: handWritten("reads the job queue's own tables", async (context) => {
      const paging = pagingOf(handListPaging(20), context.query);
      const { state, name } = context.query as { state?: string; name?: string };
      const where = sql.join(
        [
          sql`true`,
          ...(state ? [sql`state = ${state}::pgboss.job_state`] : []),
          ...(name ? [sql`name in (${name}, ${name + DEAD_LETTER_SUFFIX})`] : []),
        ],
        sql` and `,
      );
      const result = await db.execute(sql`
        select id, name, state, singleton_key, retry_count, retry_limit, created_on, started_on,
          completed_on, output, count(*) over () as total
        from pgboss.job where ${where}
        order by created_on desc, id
        limit ${paging.limit} offset ${paging.offset}`);
      const rows = rowsOf<JobRow & { total: unknown }>(result);
      let totalItems = Number(rows[0]?.total ?? 0);
      if (rows.length === 0 && paging.offset > 0) {
        const [counted] = rowsOf<{ n: unknown }>(
          await db.execute(sql`select count(*) as n from pgboss.job where ${where}`),
        );
        totalItems = Number(counted?.n ?? 0);
      }
      return {
        status: 200,
        body: hydraCollectionBody({
          url: context.request.url,
          path: '/jobs',
          type: 'Job',
          members: rows.map(jobJson),
          totalItems,
          paging,
        }),
      };
    }),
    retryJob: handWritten('asks the job queue to retry a failed job', async (context) => {
      const id = String(context.params.id);
      const [job] = rowsOf<{ state: string }>(
        await db.execute(sql`select state from pgboss.job where id = ${id}::uuid`),
      );
      if (!job) throw notFound();
      if (!(await jobs.retry(id))) throw new HttpError(409, messages.jobNotFailed);
      return { status: 204 };
    }),
  };
}
