import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import { messages } from '../src/http/messages.js';
import { startJobQueue } from '../src/jobs/queue.js';
import { ADMIN, CLAIRE } from './helpers/accounts.js';
import { startBackend, stopBackend, type Backend } from './helpers/backend-process.js';
import { DEMO_PASSWORD } from './helpers/context.js';
import { startPostgresServer, type PostgresServer } from './helpers/postgres-server.js';

/** A job every process works (src/jobs/support-requests.ts), quick when there is nothing to do. */
const RESEND_JOB = 'support-requests.resend';

// A database server to stop and start: the PGlite run has none (one process, in memory).
const serverUrl = process.env.DATABASE_URL;
const onPostgres = Boolean(serverUrl) && serverUrl !== 'memory://';

/** What a backend must never answer while its database is away: a 500 or a reset connection. */
interface Answer {
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  body: { 'hydra:description'?: string; token?: string };
}

describe.skipIf(!onPostgres)(
  'two backend processes on one PostgreSQL that goes away and comes back (skipped on PGlite: no server to stop)',
  () => {
    // A server of its own: the run's shared one serves the other test files meanwhile.
    let server: PostgresServer;
    const dataDirs: string[] = [];
    const backends: Record<'first' | 'second', Backend | undefined> = {
      first: undefined,
      second: undefined,
    };
    const both = () => [backends.first!, backends.second!];

    beforeAll(async () => {
      server = await startPostgresServer();
      for (const name of ['first', 'second'] as const) {
        const dataDir = mkdtempSync(join(tmpdir(), `portal-outage-${name}-`));
        dataDirs.push(dataDir);
        // One after the other: the first migrates and seeds. Each has its own data directory
        // and no JWT_SECRET: nothing of the configuration is copied between them.
        backends[name] = await startBackend({
          DATABASE_URL: server.url,
          DATA_DIR: dataDir,
          JOB_POLLING_SECONDS: '1',
          JOB_MAINTENANCE_SECONDS: '1',
          // Names its connections in pg_stat_activity.
          PGAPPNAME: `portal-${name}`,
        });
      }
    }, 300_000);

    afterAll(async () => {
      await Promise.all(both().map(stopBackend));
      await server?.remove();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }, 60_000);

    const call = async (
      backend: Backend,
      method: string,
      path: string,
      { token, body }: { token?: string; body?: unknown } = {},
    ): Promise<Answer> => {
      const response = await fetch(`${backend.url}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return {
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        contentType: response.headers.get('content-type'),
        body: text ? (JSON.parse(text) as Answer['body']) : {},
      };
    };
    const login = async (backend: Backend, email: string) => {
      const answer = await call(backend, 'POST', '/token', {
        body: { email, password: DEMO_PASSWORD },
      });
      expect(answer.status, backend.output()).toBe(200);
      return answer.body.token!;
    };

    /** Runs `work` with a connection of the test's own to the server. */
    const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
      const client = new pg.Client({ connectionString: server.url });
      client.on('error', () => undefined);
      await client.connect();
      try {
        return await work(client);
      } finally {
        await client.end();
      }
    };

    it('accept each other’s tokens: the signing secret is the database’s', async () => {
      const token = await login(backends.first!, CLAIRE);
      const me = await call(backends.second!, 'GET', '/me', { token });
      expect(me.status, backends.second!.output()).toBe(200);
      const back = await login(backends.second!, ADMIN);
      expect((await call(backends.first!, 'GET', '/me', { token: back })).status).toBe(200);
      const rows = await admin((client) =>
        client.query<{ n: number }>(
          "select count(*)::int as n from server_settings where name = 'jwt_secret'",
        ),
      );
      expect(rows.rows[0]!.n).toBe(1);
    }, 60_000);

    it('live through pg_terminate_backend of every connection they hold, and serve the next request', async () => {
      const token = await login(backends.first!, CLAIRE);
      for (const backend of both())
        expect((await call(backend, 'GET', '/me', { token })).status).toBe(200);
      const lost = (backend: Backend) =>
        backend.output().split('PostgreSQL : connexion perdue').length - 1;
      const before = { first: lost(backends.first!), second: lost(backends.second!) };

      const terminated = await admin(async (client) => {
        const { rows } = await client.query<{ app: string; pid: number }>(
          `select application_name as app, pid from pg_stat_activity
           where application_name like 'portal-%' and pid <> pg_backend_pid()`,
        );
        await client.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [
          rows.map((row) => row.pid),
        ]);
        return rows;
      });
      // Each process held connections (its job workers poll every second).
      for (const name of ['first', 'second'])
        expect(terminated.some((row) => row.app === `portal-${name}`)).toBe(true);
      // Gone on the server's side...
      await expect
        .poll(
          () =>
            admin(async (client) => {
              const { rows } = await client.query<{ n: number }>(
                'select count(*)::int as n from pg_stat_activity where pid = any($1::int[])',
                [terminated.map((row) => row.pid)],
              );
              return rows[0]!.n;
            }),
          { timeout: 10_000 },
        )
        .toBe(0);
      // ...and heard of by each process (idle connections say so; one busy with a query fails
      // that query instead), which lives on.
      for (const name of ['first', 'second'] as const) {
        const backend = backends[name]!;
        await expect
          .poll(() => backend.child.exitCode !== null || lost(backend) > before[name], {
            timeout: 10_000,
          })
          .toBe(true);
        expect(backend.child.exitCode, backend.output()).toBeNull();
      }
      for (const backend of both()) {
        const me = await call(backend, 'GET', '/me', { token });
        expect(me.status, backend.output()).toBe(200);
      }
    }, 60_000);

    it('answer 503 with Retry-After while PostgreSQL is stopped, change nothing, and serve again once it is back, job workers included', async () => {
      const token = await login(backends.first!, CLAIRE);
      await server.stop();
      try {
        for (const backend of both()) {
          const refusals = [
            await call(backend, 'GET', '/me', { token }),
            await call(backend, 'POST', '/token', {
              body: { email: CLAIRE, password: DEMO_PASSWORD },
            }),
            // Would end the session: refused, it must not have.
            await call(backend, 'POST', '/logout', { token }),
          ];
          for (const answer of refusals) {
            expect(answer.status, backend.output()).toBe(503);
            expect(Number(answer.retryAfter)).toBeGreaterThan(0);
            expect(answer.contentType).toMatch(/^application\/ld\+json/);
            expect(answer.body['hydra:description']).toBe(messages.serviceUnavailable);
          }
          const ready = await call(backend, 'GET', '/readyz');
          expect(ready.status).toBe(503);
          expect(Number(ready.retryAfter)).toBeGreaterThan(0);
          expect(ready.body['hydra:description']).toBe(
            "Le service n'est pas prêt : base de données injoignable.",
          );
          // Alive: an orchestrator has no reason to restart it.
          expect((await call(backend, 'GET', '/healthz')).status).toBe(200);
        }
        // The job queue meets the outage too: its maintenance (every second here) fails and
        // pg-boss emits 'error', which is logged; its workers' polls find nothing meanwhile.
        for (const backend of both()) {
          const said = backend.output().split('File de tâches :').length;
          await expect
            .poll(() => backend.output().split('File de tâches :').length, { timeout: 10_000 })
            .toBeGreaterThan(said);
          expect(backend.child.exitCode).toBeNull();
        }
      } finally {
        await server.start();
      }

      // Both serve again by themselves, the refused sign-out having changed nothing.
      const back = Date.now();
      for (const backend of both())
        await expect
          .poll(async () => (await call(backend, 'GET', '/me', { token })).status, {
            timeout: 20_000,
            interval: 250,
          })
          .toBe(200);
      const seconds = (Date.now() - back) / 1000;
      console.log(`Both processes served again ${seconds.toFixed(1)} s after PostgreSQL was back.`);
      expect(seconds).toBeLessThan(20);
      for (const backend of both())
        expect((await call(backend, 'GET', '/readyz')).status, backend.output()).toBe(200);

      // The job workers went on polling through the outage and work again.
      const handle: DatabaseHandle = await openDatabase({
        database: { kind: 'postgres', url: server.url },
      });
      try {
        const sender = await startJobQueue(handle.db, [{ name: RESEND_JOB, async run() {} }], {
          work: false,
          supervise: false,
        });
        const id = (await sender.send(RESEND_JOB, {}))!;
        await sender.stop();
        await expect
          .poll(
            async () =>
              rowsOf<{ state: string }>(
                await handle.db.execute(sql`select state from pgboss.job where id = ${id}::uuid`),
              )[0]?.state,
            { timeout: 20_000, interval: 250 },
          )
          .toBe('completed');
      } finally {
        await handle.close();
      }
      for (const backend of both()) expect(backend.child.exitCode, backend.output()).toBeNull();
    }, 120_000);
  },
);
