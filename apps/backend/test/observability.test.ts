import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMainApp } from '../src/app.js';
import { users } from '../src/db/schema.js';
import { jobDefinitions } from '../src/jobs/registry.js';
import { startJobQueue, type JobQueue } from '../src/jobs/queue.js';
import { USER_RESET_MAIL_JOB } from '../src/jobs/user-reset-mails.js';
import { createObservability, serveMetrics } from '../src/observability/index.js';
import { withRequestId } from '../src/observability/request-context.js';
import { ADMIN, CLAIRE } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';

const TOKEN = 'metrics-token-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;

/** Every log line written, parsed (pino writes one JSON document per line). */
const logs: Record<string, unknown>[] = [];
let ctx: TestContext;
let queue: JobQueue | undefined;
beforeAll(async () => {
  ctx = await createTestContext(
    { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' },
    { logs: { write: (line) => void logs.push(JSON.parse(line) as Record<string, unknown>) } },
  );
});
afterAll(async () => {
  await queue?.stop();
  await ctx?.close();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of Prometheus's text exposition format (comments and blank lines skipped). */
function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [
          m[1]!,
          m[2]!.replace(/\\(.)/g, '$1'),
        ]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

async function scrape(): Promise<Sample[]> {
  const response = await ctx.main.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(response.body);
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  find(samples, name, labels).reduce((sum, s) => sum + s.value, 0);

describe('request ids', () => {
  it('answers a new id per request, keeps a well-formed one from the proxy, replaces the rest', async () => {
    const first = await ctx.api('GET', '/public/settings');
    const second = await ctx.api('GET', '/public/settings');
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);

    // nginx's $request_id, and a trace id with dots and colons: kept.
    for (const incoming of ['3f2a6c1e9b7d4a05c8e1f2a3b4c5d6e7', 'trace-1.span:2_x']) {
      const kept = await ctx.api('GET', '/public/settings', {
        headers: { 'x-request-id': incoming },
      });
      expect(kept.headers['x-request-id']).toBe(incoming);
    }
    // Spaces, quotes, or too long: a new id, not the text, goes into the logs.
    for (const incoming of ['two words', 'a"b', 'x'.repeat(129), '']) {
      const replaced = await ctx.api('GET', '/public/settings', {
        headers: { 'x-request-id': incoming },
      });
      expect(replaced.headers['x-request-id']).toMatch(UUID);
    }
    // On errors too (a 404 outside any route, a 401 of the contract, a broken URL refused before
    // any route), and on the training API.
    const missing = await ctx.api('GET', '/no-such-route', {
      headers: { 'x-request-id': 'r-404' },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers['x-request-id']).toBe('r-404');
    const refused = await ctx.api('GET', '/me', { headers: { 'x-request-id': 'r-401' } });
    expect(refused.status).toBe(401);
    expect(refused.headers['x-request-id']).toBe('r-401');
    const badUrl = await ctx.api('GET', '/news/%E0%A4%A', { headers: { 'x-request-id': 'r-400' } });
    expect(badUrl.status).toBe(400);
    expect(badUrl.headers['x-request-id']).toBe('r-400');
    const training = await ctx.trainingApi('GET', '/api/models', {
      headers: { 'x-request-id': 'r-training' },
    });
    expect(training.headers['x-request-id']).toBe('r-training');
  });

  it('writes JSON log lines naming the request and its API', async () => {
    await ctx.api('GET', '/public/settings', { headers: { 'x-request-id': 'r-logged' } });
    const lines = logs.filter((line) => line.reqId === 'r-logged');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines[1]).toMatchObject({
      level: 30,
      api: 'main',
      pid: process.pid,
      res: { statusCode: 200 },
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});

describe('GET /metrics', () => {
  it('is refused without the token, and outside the contract', async () => {
    const none = await ctx.main.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ '@type': 'hydra:Error' });
    const wrong = await ctx.main.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    // A user's token does not open it either.
    const user = await ctx.main.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${await ctx.login(ADMIN)}` },
    });
    expect(user.statusCode).toBe(401);
    // The training API does not serve it.
    const training = await ctx.training.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(training.statusCode).toBe(404);
  });

  it('is served on METRICS_PORT alone, else nowhere without METRICS_TOKEN', async () => {
    const portOnly = { ...ctx.config, metricsToken: null, metricsPort: 0 };
    const observability = createObservability(portOnly, ctx.db);
    const listener = await serveMetrics(observability, portOnly);
    try {
      const { port } = listener!.server.address() as AddressInfo;
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('portal_db_pool_total_connections');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      // The API itself does not serve it then.
      const api = await buildMainApp({ ...ctx, config: portOnly, observability });
      try {
        const response = await api.inject({ url: '/metrics' });
        expect(response.statusCode).toBe(404);
      } finally {
        await api.close();
      }
    } finally {
      await listener?.close();
    }
    // Neither setting: no metrics are kept at all.
    expect(createObservability({ ...portOnly, metricsPort: null }, ctx.db).metrics).toBeNull();
  });

  it('counts requests by operationId and status, with duration buckets', async () => {
    const before = await scrape();
    const settings = { api: 'main', operation: 'getPublicSettings', status: '200' };
    const counted = valueOf(before, 'portal_http_requests_total', settings);
    for (let i = 0; i < 3; i++) await ctx.api('GET', '/public/settings');
    await ctx.api('GET', '/me');
    await ctx.api('GET', '/cgp/12345', { token: await ctx.login(ADMIN) });
    await ctx.api('GET', '/no-such-route');

    const after = await scrape();
    expect(valueOf(after, 'portal_http_requests_total', settings)).toBe(counted + 3);
    // Statuses apart; a path's parameters never make a label (the operationId does).
    expect(
      valueOf(after, 'portal_http_requests_total', { operation: 'getCurrentUser', status: '401' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(after, 'portal_http_requests_total', { operation: 'getCgp', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(after, 'portal_http_requests_total', { operation: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes('12345')))).toBe(false);

    const buckets = find(after, 'portal_http_request_duration_seconds_bucket', settings);
    expect(buckets.map((b) => b.labels.le)).toEqual([
      ...['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10'],
      ...['30', '60', '+Inf'],
    ]);
    const count = valueOf(after, 'portal_http_request_duration_seconds_count', settings);
    expect(count).toBe(counted + 3);
    expect(buckets.at(-1)!.value).toBe(count);
    // Cumulative buckets.
    for (let i = 1; i < buckets.length; i++)
      expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value);
    expect(valueOf(after, 'portal_http_request_duration_seconds_sum', settings)).toBeGreaterThan(0);
  });

  it('reports the connection pool and the process', async () => {
    const samples = await scrape();
    const total = valueOf(samples, 'portal_db_pool_total_connections');
    const max = valueOf(samples, 'portal_db_pool_max_connections');
    if (onPostgres) {
      expect(max).toBe(10);
      expect(total).toBeGreaterThanOrEqual(1);
      expect(total).toBeLessThanOrEqual(max);
      expect(find(samples, 'portal_db_pool_idle_connections')).toHaveLength(1);
      expect(find(samples, 'portal_db_pool_waiting_clients')).toHaveLength(1);
    } else {
      // The embedded database is one connection; nothing is known of idle or waiting.
      expect([total, max]).toEqual([1, 1]);
      expect(find(samples, 'portal_db_pool_idle_connections')).toHaveLength(0);
    }
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(find(samples, 'nodejs_heap_size_used_bytes')).toHaveLength(1);
    expect(find(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
  });
});

describe('jobs', () => {
  it('carry the request id of the request that sent them into their log lines, and are measured', async () => {
    const deps = {
      db: ctx.db,
      config: ctx.config,
      mailer: ctx.mailer,
      storage: ctx.storage,
      observability: ctx.observability,
    };
    queue = await startJobQueue(
      ctx.db,
      [
        ...jobDefinitions(deps),
        {
          name: 'probe.observed-failure',
          retryLimit: 0,
          async run() {
            throw new Error('Échec voulu');
          },
        },
      ],
      {
        work: true,
        supervise: false,
        pollingIntervalSeconds: 0.5,
        observability: ctx.observability,
      },
    );
    // Waiting jobs are counted per queue; every queue is listed, empty or not.
    const depth = await scrape();
    expect(find(depth, 'portal_job_queue_depth', { queue: USER_RESET_MAIL_JOB })).toHaveLength(2);
    expect(
      find(depth, 'portal_job_queue_depth', { queue: 'probe.observed-failure', state: 'waiting' }),
    ).toHaveLength(1);

    const [claire] = await ctx.db.select().from(users).where(eq(users.email, CLAIRE));
    const sent = await ctx.api('POST', `/users/${claire!.id}/reset_password`, {
      token: await ctx.login(ADMIN),
      headers: { 'x-request-id': 'r-reset-mail' },
    });
    expect(sent.status).toBe(202);
    const done = () =>
      logs.find((line) => line.job === USER_RESET_MAIL_JOB && line.msg === 'job completed');
    await expect.poll(done, { timeout: 20_000 }).toBeDefined();
    expect(done()).toMatchObject({
      reqId: 'r-reset-mail',
      jobId: expect.any(String),
      attempt: 1,
      durationMs: expect.any(Number),
      level: 30,
    });

    // A job sent outside any HTTP request but inside one's context (a job sending another).
    await withRequestId('r-failing', () => queue!.send('probe.observed-failure', {}));
    const failed = () =>
      logs.find((line) => line.job === 'probe.observed-failure' && line.msg === 'job failed');
    await expect.poll(failed, { timeout: 20_000 }).toBeDefined();
    expect(failed()).toMatchObject({
      reqId: 'r-failing',
      level: 50,
      err: { message: 'Échec voulu' },
    });

    const samples = await scrape();
    expect(
      valueOf(samples, 'portal_job_duration_seconds_count', {
        job: USER_RESET_MAIL_JOB,
        outcome: 'completed',
      }),
    ).toBe(1);
    expect(
      find(samples, 'portal_job_duration_seconds_bucket', { job: USER_RESET_MAIL_JOB }).length,
    ).toBeGreaterThan(0);
    expect(valueOf(samples, 'portal_job_failures_total', { job: 'probe.observed-failure' })).toBe(
      1,
    );
    expect(
      valueOf(samples, 'portal_job_duration_seconds_count', {
        job: 'probe.observed-failure',
        outcome: 'failed',
      }),
    ).toBe(1);
  }, 60_000);
});
