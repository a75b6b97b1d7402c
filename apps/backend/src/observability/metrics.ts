import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.js';
import { unauthorized } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { queueDepths } from '../jobs/queue-tables.js';

/**
 * The Prometheus metrics of one process (prom-client, text exposition format). Each process
 * has its own: Prometheus scrapes every process, not the load balancer in front of them.
 */
export interface Metrics {
  registry: Registry;
  /** One answered request: its API, operationId (or route), status and time. */
  observeRequest(api: string, operation: string, status: number, seconds: number): void;
  /** One attempt of a job, completed or failed. */
  observeJob(job: string, outcome: 'completed' | 'failed', seconds: number): void;
}

/** Seconds; up to a minute for exports and uploads. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Seconds; up to a job's default expiry (15 minutes). */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900];

export function createMetrics(db: Database): Metrics {
  const registry = new Registry();
  // Memory, CPU, event loop lag, handles, GC: prom-client's process and Node.js metrics.
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'Requests answered, by API, operationId (or route outside the contract) and status.',
    labelNames: ['api', 'operation', 'status'],
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, in seconds.',
    labelNames: ['api', 'operation', 'status'],
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'portal_job_duration_seconds',
    help: 'Time a job attempt ran in this process, by job name and outcome, in seconds.',
    labelNames: ['job', 'outcome'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'portal_job_failures_total',
    help: 'Job attempts that failed in this process (each retry counts), by job name.',
    labelNames: ['job'],
    registers: [registry],
  });

  new Gauge({
    name: 'portal_job_queue_depth',
    help: 'Jobs per queue: waiting (created or to retry) and active, across all processes.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    // Read on scrape (jobs/queue-tables.ts: every queue, even empty).
    async collect() {
      this.reset();
      // No queue schema yet (a process that never started the queue): nothing to say.
      const depths = await queueDepths(db).catch(() => []);
      for (const row of depths) {
        this.set({ queue: row.name, state: 'waiting' }, row.waiting);
        this.set({ queue: row.name, state: 'active' }, row.active);
      }
    },
  });

  // The connection pool: node-postgres's counts; PGlite is one embedded connection, of which
  // nothing more is known (no idle nor waiting series).
  const client = (db as unknown as { $client?: unknown }).$client;
  const pool = client instanceof pg.Pool ? client : null;
  const gauge = (name: string, help: string, value: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(value());
      },
    });
  gauge('portal_db_pool_max_connections', 'Most connections the pool opens (PGlite: 1).', () =>
    pool ? (pool.options.max ?? 10) : 1,
  );
  gauge('portal_db_pool_total_connections', 'Connections open, busy or idle (PGlite: 1).', () =>
    pool ? pool.totalCount : 1,
  );
  if (pool) {
    gauge('portal_db_pool_idle_connections', 'Connections open and idle.', () => pool.idleCount);
    gauge(
      'portal_db_pool_waiting_clients',
      'Queries waiting for a connection, every one being busy.',
      () => pool.waitingCount,
    );
  }

  return {
    registry,
    observeRequest(api, operation, status, seconds) {
      const labels = { api, operation, status: String(status) };
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
    },
    observeJob(job, outcome, seconds) {
      jobSeconds.observe({ job, outcome }, seconds);
      if (outcome === 'failed') jobFailures.inc({ job });
    },
  };
}

/**
 * Counts every answer of `app` under its operationId (the contract routes' `config`), else its
 * route pattern (`GET /media/images/*`), else `unmatched`: never the raw URL, so that the
 * number of series stays that of the routes.
 */
export function observeRequests(app: FastifyInstance, metrics: Metrics, api: string): void {
  app.addHook('onResponse', async (request, reply) => {
    const { config, url } = request.routeOptions;
    const operation = config?.operationId ?? (url ? `${request.method} ${url}` : 'unmatched');
    metrics.observeRequest(api, operation, reply.statusCode, reply.elapsedTime / 1000);
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics, outside the contract, its authentication and its rate limits. With a token,
 * only a request bearing it is answered (401 otherwise, compared in constant time).
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | null,
): void {
  const expected = token === null ? null : digest(`Bearer ${token}`);
  // A scrape every few seconds would fill the log: only its problems are written.
  app.get(
    '/metrics',
    { logLevel: 'warn' },
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (expected) {
        const given = request.headers.authorization;
        if (!given) throw unauthorized(messages.authenticationRequired);
        if (!timingSafeEqual(digest(given), expected)) throw unauthorized();
      }
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
  );
}
