import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { Logger, Observability } from '../observability/index.js';
import { currentRequestId, withRequestId } from '../observability/request-context.js';
import { jobExecutor, transactionExecutor, type Transaction } from './executor.js';

/**
 * The PostgreSQL job queue (pg-boss 10, in the `pgboss` schema of the same database, on the
 * embedded one too): work that must happen once across every backend process, later than the
 * request that asked for it, or on a schedule. A job is retried with a growing delay when it
 * throws, and lands in its dead-letter queue (`<name>__dead`) once its retries are spent. A job
 * names the process that runs it (its holder, in the job's output while it is active): when that
 * process stops beating (`HolderLiveness`), another fails the job within a beat, and it is retried
 * by whichever process is alive; a job without a holder is failed once it has run longer than its
 * expiry. A process that stops releases the jobs it runs instead of waiting for them. Schedules
 * are cron expressions in Europe/Paris, run once per tick across processes.
 */

export const TIME_ZONE = 'Europe/Paris';
export const DEAD_LETTER_SUFFIX = '__dead';

export interface JobContext {
  id: string;
  /** Attempts before this one. */
  retryCount: number;
  /** Whether a failure of this attempt is final (no retry left); absent outside the queue. */
  lastAttempt?: boolean;
  /** When the job was created (a schedule's tick), the same for every attempt. */
  createdOn?: Date;
  /**
   * Aborted when this process stops: the job goes back to the queue (its retries kept) and
   * another process takes it at once. A long job stops at its next safe point by throwing; one
   * that ignores it is failed after `stop`'s wait, and may be run again meanwhile.
   */
  signal?: AbortSignal;
  /** The request that sent the job (its X-Request-Id), if a request did. */
  requestId?: string;
  /** The attempt's logger (`job`, `jobId`, `reqId` bound), with the queue's `observability`. */
  log?: Logger;
}

/**
 * Where a job sent during a request keeps that request's id, in its data (pg-boss has no other
 * place), under a key no job uses (the invoice dispatch has its own `requestId`); the job's `run`
 * gets the data without it, and `JobContext.requestId`.
 */
export const REQUEST_ID_KEY = '_reqId';

export interface JobDefinition<Data extends object = Record<string, unknown>> {
  name: string;
  /** What the job does; a throw fails this attempt. Must be idempotent: it may run again. */
  run(data: Data, job: JobContext): Promise<void>;
  /** Cron (minute hour day month weekday) in Europe/Paris: one job per tick. */
  cron?: string;
  /** Retries after the first attempt (default 3), the first after `retryDelaySeconds`, doubling. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Longest run; past it the attempt counts as failed (default 15 minutes). */
  expireInSeconds?: number;
}

export interface SendOptions {
  /**
   * Idempotency key: while a job of this name and key waits or runs, sending another is a no-op
   * (answers null).
   */
  key?: string;
  /** Runs no sooner than this many seconds from now. */
  delaySeconds?: number;
  /**
   * Sends within this transaction: the job exists if, and only if, the caller's rows commit
   * (no state left waiting for a job that was never sent).
   */
  tx?: Transaction;
}

/**
 * This process's heartbeat as the queue reads it (`ProcessLiveness` of `maintenance/processes`):
 * its id, written on the jobs it runs, and how to tell whether another holder is alive.
 */
export interface HolderLiveness {
  id: string;
  /** How often the jobs of dead processes are looked for (the heartbeat's interval). */
  intervalMs: number;
  /** SQL condition: the process whose id `id` (an SQL expression) gives is alive. */
  alive(id: SQL): SQL;
  /** Whether this process's own beats have been reaching the database (see processes.ts). */
  steady(): boolean;
}

export interface JobQueueOptions {
  /** Whether this process runs the jobs (false: it only sends them, as the tests do). */
  work: boolean;
  /** Whether this process takes part in the schedules and the queue's own maintenance. */
  supervise: boolean;
  /** How often an idle worker looks for work (seconds, at least 0.5). */
  pollingIntervalSeconds?: number;
  /** How often expired jobs are failed and old ones archived (seconds). */
  maintenanceIntervalSeconds?: number;
  /** How often the schedules are looked at (seconds; tests shorten it). */
  cronMonitorIntervalSeconds?: number;
  /**
   * Told of the queue's own errors, and of a failed attempt's original error unless
   * `observability` is given (which logs it, with the job's bindings).
   */
  onError?: (error: unknown) => void;
  /** The process's logger and metrics: a line and a measure per attempt. */
  observability?: Observability;
  /**
   * This process is the only one on the database (the embedded one's lock): a job found active
   * at start belonged to a process that died, and is failed at once (retried when it has
   * retries left) rather than left active until it expires.
   */
  soleProcess?: boolean;
  /**
   * This process's heartbeat: the jobs it runs name it, and every `intervalMs` it fails (once
   * across processes) the active jobs whose holder is dead, retried when retries remain.
   */
  holder?: HolderLiveness;
}

export interface StopOptions {
  /**
   * How long the jobs running here may take to stop once told to (their `signal`), in ms;
   * those still running then are failed (default 10 s).
   */
  releaseWithinMs?: number;
}

export interface JobQueue {
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Moves a failed job back to waiting for one more attempt; false when it is not failed. */
  retry(id: string): Promise<boolean>;
  /**
   * Fails the active jobs whose holder is dead (see `holder`), if no other process is doing it
   * now; answers how many. The queue calls it every beat; tests call it directly.
   */
  failJobsOfDeadProcesses(): Promise<number>;
  /**
   * Stops taking jobs and releases those running here: they go back to the queue, their
   * retries kept, for another process to take at once.
   */
  stop(options?: StopOptions): Promise<void>;
}

export async function startJobQueue(
  db: Database,
  definitions: JobDefinition<never>[],
  options: JobQueueOptions,
): Promise<JobQueue> {
  const onError = options.onError ?? (() => undefined);
  const boss = await startedBoss(
    () =>
      new PgBoss({
        db: jobExecutor(db),
        schema: 'pgboss',
        supervise: options.supervise,
        schedule: options.supervise,
        migrate: true,
        maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
        cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds ?? 30,
        cronWorkerIntervalSeconds: Math.min(5, options.cronMonitorIntervalSeconds ?? 5),
        // Keep finished jobs a week for the staff view, then archive and drop them.
        archiveCompletedAfterSeconds: 7 * 24 * 3600,
      }),
    onError,
  );

  if (options.soleProcess) await failInterrupted(db, boss);

  /** The jobs running here, told to stop when this process stops. */
  const running = new Map<string, { name: string; controller: AbortController }>();
  /** The jobs this process gave back to the queue while stopping. */
  const released = new Set<string>();
  let stopping = false;

  const byName = new Map(definitions.map((d) => [d.name, d as JobDefinition]));
  for (const definition of byName.values()) {
    const deadLetter = `${definition.name}${DEAD_LETTER_SUFFIX}`;
    await onDeadlockRetry(() =>
      boss.createQueue(deadLetter, { name: deadLetter, policy: 'standard' }),
    );
    const queue: PgBoss.Queue = {
      name: definition.name,
      // At most one job per key waiting, one per key running: the idempotency keys.
      policy: 'stately',
      retryLimit: definition.retryLimit ?? 3,
      retryDelay: definition.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds ?? 15 * 60,
      deadLetter,
    };
    await onDeadlockRetry(() => boss.createQueue(definition.name, queue));
    await onDeadlockRetry(() => boss.updateQueue(definition.name, queue));
    if (definition.cron && options.supervise)
      await boss.schedule(definition.name, definition.cron, {}, { tz: TIME_ZONE });
    if (options.work)
      await boss.work(
        definition.name,
        { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          if (!job) return;
          const meta = await startAttempt(definition.name, job.id);
          // No longer active (failed meanwhile as its holder's): not ours to run.
          if (!meta) return;
          // Taken while this process stops (a fetch under way): back to the queue untouched.
          if (stopping) {
            await release([{ id: job.id, name: definition.name }]);
            throw storableError(new Error(RELEASED_JOB_MESSAGE));
          }
          const { data, requestId } = withoutRequestId(job.data);
          const retryCount = Number(meta.retry_count);
          const log = options.observability?.logger.child({
            job: definition.name,
            jobId: job.id,
            ...(requestId ? { reqId: requestId } : {}),
          });
          const started = performance.now();
          const seconds = () => (performance.now() - started) / 1000;
          const controller = new AbortController();
          running.set(job.id, { name: definition.name, controller });
          try {
            // Within its request's context: the jobs it sends in turn carry the same id.
            await withRequestId(requestId, () =>
              definition.run(data, {
                id: job.id,
                retryCount,
                lastAttempt: retryCount >= Number(meta.retry_limit),
                ...(meta.created_on ? { createdOn: new Date(meta.created_on) } : {}),
                signal: controller.signal,
                ...(requestId ? { requestId } : {}),
                ...(log ? { log } : {}),
              }),
            );
            options.observability?.metrics?.observeJob(definition.name, 'completed', seconds());
            log?.info({ attempt: retryCount + 1, durationMs: seconds() * 1000 }, 'job completed');
          } catch (error) {
            // Stopped because this process stops: a release, not a failure of the job.
            if (controller.signal.aborted) throw storableError(new Error(RELEASED_JOB_MESSAGE));
            options.observability?.metrics?.observeJob(definition.name, 'failed', seconds());
            // pg-boss stores what is thrown as the job's jsonb output: the original goes to the
            // log, a copy PostgreSQL can always store to the job.
            if (log)
              log.error(
                { err: error, attempt: retryCount + 1, durationMs: seconds() * 1000 },
                'job failed',
              );
            else onError(error);
            throw storableError(error);
          } finally {
            running.delete(job.id);
          }
        },
      );
  }

  /**
   * The attempt's facts, and its holder written on the job (its output, which pg-boss replaces
   * when the job ends). Null when the job is no longer active.
   */
  async function startAttempt(name: string, id: string) {
    const holder = options.holder;
    const [meta] = rowsOf<{ retry_count: number; retry_limit: number; created_on: Date | string }>(
      await db.execute(
        holder
          ? sql`update pgboss.job
              set output = coalesce(output, '{}'::jsonb) || jsonb_build_object('holder', ${holder.id}::text)
              where name = ${name} and id = ${id}::uuid and state = 'active'
              returning retry_count, retry_limit, created_on`
          : sql`select retry_count, retry_limit, created_on from pgboss.job
              where name = ${name} and id = ${id}::uuid and state = 'active'`,
      ),
    );
    return meta ?? null;
  }

  /**
   * Gives the jobs one more retry before they fail (with the release message): a release is not
   * an attempt that failed, and a job on its last attempt must not end in its dead letters.
   * Hurried to start at once by `stop` once failed.
   */
  async function release(jobs: { id: string; name: string }[]) {
    if (jobs.length === 0) return;
    for (const job of jobs) released.add(job.id);
    const ids = sql.join(
      jobs.map((job) => sql`${job.id}::uuid`),
      sql`, `,
    );
    await db.execute(sql`update pgboss.job set retry_limit = retry_limit + 1
      where id in (${ids}) and state = 'active'`);
  }

  /**
   * The released jobs, failed into `retry` by pg-boss with its back-off delay, wait no more:
   * another process takes them at its next poll. pg-boss fails them without awaiting, so this
   * waits (a little) until none is active any more.
   */
  async function hurryReleased() {
    if (released.size === 0) return;
    const ids = sql.join(
      [...released].map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const deadline = Date.now() + 5_000;
    for (;;) {
      const [row] = rowsOf<{ active: number }>(
        await db.execute(sql`select count(*)::int as active from pgboss.job
          where id in (${ids}) and state = 'active'`),
      );
      if (!row?.active || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await db.execute(sql`update pgboss.job set start_after = now()
      where id in (${ids}) and state = 'retry'`);
  }

  async function failJobsOfDeadProcesses(): Promise<number> {
    const holder = options.holder;
    if (!holder) return 0;
    return db.transaction(async (tx) => {
      // One sweeper at a time across processes; the others skip this beat.
      const [lock] = rowsOf<{ locked: boolean }>(
        await tx.execute(
          sql`select pg_try_advisory_xact_lock(${DEAD_HOLDERS_LOCK}::bigint) as locked`,
        ),
      );
      if (!lock?.locked) return 0;
      const held = rowsOf<{ id: string; name: string }>(
        await tx.execute(sql`select j.id, j.name from pgboss.job j
          where j.state = 'active' and j.output ->> 'holder' is not null
            and not ${holder.alive(sql`j.output ->> 'holder'`)}
          for update of j skip locked`),
      );
      for (const job of held)
        await boss.fail(
          job.name,
          job.id,
          { message: INTERRUPTED_JOB_MESSAGE },
          { db: transactionExecutor(tx) },
        );
      return held.length;
    });
  }

  /** The sweep under way, if any: one at a time in this process. */
  let sweeping: Promise<unknown> | null = null;
  const holder = options.holder;
  const sweeper = holder
    ? setInterval(() => {
        if (sweeping || !holder.steady()) return;
        sweeping = failJobsOfDeadProcesses()
          .catch(onError)
          .finally(() => (sweeping = null));
      }, holder.intervalMs)
    : null;
  sweeper?.unref();

  return {
    send: (name, data, { key, delaySeconds, tx } = {}) => {
      if (!byName.has(name)) throw new Error(`Unknown job ${name}`);
      const requestId = currentRequestId();
      return boss.send(name, requestId ? { ...data, [REQUEST_ID_KEY]: requestId } : data, {
        ...(key ? { singletonKey: key } : {}),
        ...(delaySeconds ? { startAfter: delaySeconds } : {}),
        ...(tx ? { db: transactionExecutor(tx) } : {}),
      });
    },
    async retry(id) {
      const [job] = rowsOf<{ name: string; state: string }>(
        await db.execute(sql`select name, state from pgboss.job where id = ${id}::uuid`),
      );
      if (!job || job.state !== 'failed') return false;
      await boss.retry(job.name, id);
      return true;
    },
    failJobsOfDeadProcesses,
    async stop({ releaseWithinMs = 10_000 } = {}) {
      if (sweeper) clearInterval(sweeper);
      if (stopping) return;
      stopping = true;
      const held = [...running].map(([id, job]) => ({ id, name: job.name }));
      await release(held).catch(onError);
      for (const job of running.values()) job.controller.abort();
      // Waits for the jobs told to stop, then fails those still running (pg-boss's own stop).
      await boss.stop({ graceful: true, wait: true, timeout: releaseWithinMs });
      await sweeping;
      await hurryReleased().catch(onError);
    },
  };
}

/** A job's data as its `run` takes it, and the id of the request that sent it, if any. */
function withoutRequestId(stored: unknown): { data: Record<string, unknown>; requestId?: string } {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored))
    return { data: stored as Record<string, unknown> };
  const { [REQUEST_ID_KEY]: requestId, ...data } = stored as Record<string, unknown>;
  return typeof requestId === 'string'
    ? { data, requestId }
    : { data: stored as Record<string, unknown> };
}

/** Why a job whose process died failed (kept as its output). */
export const INTERRUPTED_JOB_MESSAGE =
  "Tâche interrompue : le processus qui l'exécutait s'est arrêté.";

/** Why a job went back to the queue: its process was stopping (kept as its output). */
export const RELEASED_JOB_MESSAGE =
  "Tâche rendue à la file : le processus qui l'exécutait s'arrêtait ; un autre la reprend.";

/** The advisory lock of the sweep after dead processes' jobs (any fixed number of our own). */
const DEAD_HOLDERS_LOCK = 7_310_202_611;

/** Fails every active job: only for the sole process, at start (see `soleProcess`). */
async function failInterrupted(db: Database, boss: PgBoss): Promise<void> {
  const active = rowsOf<{ id: string; name: string }>(
    await db.execute(sql`select id, name from pgboss.job where state = 'active'`),
  );
  for (const job of active) await boss.fail(job.name, job.id, { message: INTERRUPTED_JOB_MESSAGE });
}

/** Longest message kept with a failed job (its stack too). */
const STORED_ERROR_CHARS = 4_000;

/**
 * What jsonb refuses, whatever the text: NUL (`\u0000` cannot be converted to text) and lone
 * surrogates (JSON escapes them, jsonb refuses the escape).
 */
const storableText = (text: string, max = STORED_ERROR_CHARS) =>
  text
    .replaceAll('\u0000', '\\0')
    .slice(0, max)
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** A query that failed (drizzle's DrizzleQueryError): its text, its parameters, its cause. */
interface FailedQuery {
  query: string;
  params: unknown[];
  cause?: unknown;
}

const isFailedQuery = (error: unknown): error is Error & FailedQuery =>
  error instanceof Error &&
  typeof (error as Partial<FailedQuery>).query === 'string' &&
  Array.isArray((error as Partial<FailedQuery>).params);

/**
 * The error a job handler threw, as pg-boss can always store it: its name, message and stack
 * frames only (none of its other properties, so no query parameters), without NUL or lone
 * surrogates, and bounded. A failed query keeps its SQL (placeholders, no values) and says its
 * database's reason. If pg-boss could not store a failure, the job would stay active until it
 * expires, and the rejection would reach the process.
 */
export function storableError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(storableText(String(error)));
  let message = error.message;
  if (isFailedQuery(error))
    message = `${error.cause instanceof Error ? error.cause.message : 'Failed query'} (query: ${error.query})`;
  const copy = new Error(storableText(message));
  copy.name = storableText(error.name, 200);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  copy.stack = storableText([`${copy.name}: ${copy.message}`, ...frames].join('\n'), 16_000);
  return copy;
}

/**
 * Starts pg-boss. Two processes starting at once on a new database both create its schema, and
 * one of them fails on the other's objects: it tries again, and finds them there.
 */
async function startedBoss(
  create: () => PgBoss,
  onError: (error: unknown) => void,
): Promise<PgBoss> {
  for (let attempt = 1; ; attempt++) {
    const boss = create();
    boss.on('error', onError);
    try {
      await boss.start();
      return boss;
    } catch (error) {
      const code = (error as { code?: string }).code;
      const race = code === '23505' || code === '42P06' || code === '42P07' || code === '42710';
      if (!race || attempt >= 5) throw error;
      await boss.stop({ graceful: false, wait: false }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/**
 * Two processes starting together both create the queues (tables and partitions): PostgreSQL
 * may then pick one of them as a deadlock victim. Creating a queue is idempotent, so the
 * victim tries again a moment later.
 */
async function onDeadlockRetry<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const deadlock = (error as { code?: string }).code === '40P01';
      if (!deadlock || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}
