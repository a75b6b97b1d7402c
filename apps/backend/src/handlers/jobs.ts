import { handWritten } from '../contract.js';
import { HttpError, notFound } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { DEAD_LETTER_SUFFIX } from '../jobs/queue.js';
import { queueJobState, queueJobs, type QueueJobRow } from '../jobs/queue-tables.js';
import { hydraCollectionBody, paged, pagingOf } from '../resources/pagination.js';
import type { Deps, HandlerMap } from '../deps.js';

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

function jobJson(row: QueueJobRow) {
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
 * The staff view of the job queue. Hand-written: it reads pg-boss's own table (`pgboss.job`,
 * through `jobs/queue-tables.ts`), which the resource layer's drizzle schema does not describe.
 */
export function jobHandlers({ db, jobs }: Deps): HandlerMap {
  return {
    listJobs: handWritten("reads the job queue's own tables", async (context) => {
      const paging = pagingOf(paged(20), context.query);
      const { state, name } = context.query as { state?: string; name?: string };
      const names = name ? [name, name + DEAD_LETTER_SUFFIX] : undefined;
      const { rows, totalItems } = await queueJobs(db, { state, names }, paging);
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
      if ((await queueJobState(db, id)) === undefined) throw notFound();
      if (!(await jobs.retry(id))) throw new HttpError(409, messages.jobNotFailed);
      return { status: 204 };
    }),
  };
}
