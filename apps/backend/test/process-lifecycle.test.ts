import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import { DISPATCH_INVOICES_JOB } from '../src/invoices/dispatch.js';
import { ADMIN, COMMUNICATION } from './helpers/accounts.js';
import { startBackend, stopBackend, type Backend } from './helpers/backend-process.js';
import { multipart, samplePng } from './helpers/communication.js';
import { DEMO_PASSWORD, TEST_SECRET } from './helpers/context.js';
import { createTestDatabase } from './helpers/database.js';
import { dispatchForm, handZip, invoicePdf, mappingXlsx } from './helpers/invoices.js';

// Several processes on one PostgreSQL need a database server: the PGlite run skips this file.
const serverUrl = process.env.DATABASE_URL;
const onPostgres = Boolean(serverUrl) && serverUrl !== 'memory://';

/** Invoices per dispatch: enough for it to be caught mid-way, and to run a few seconds. */
const INVOICES = 600;

describe.skipIf(!onPostgres)(
  'backend processes that die or stop while working, on one PostgreSQL (skipped on PGlite)',
  () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let dataDir: string;
    const backends: Backend[] = [];

    /** Every process shares the data directory (the stored files) and beats every second. */
    const start = async (env: Record<string, string> = {}) => {
      const backend = await startBackend({
        DATABASE_URL: (database.config as { url: string }).url,
        DATA_DIR: dataDir,
        JWT_SECRET: TEST_SECRET,
        HEARTBEAT_SECONDS: '1',
        PROCESS_DEAD_AFTER_SECONDS: '3',
        JOB_POLLING_SECONDS: '1',
        SHUTDOWN_GRACE_MS: '20000',
        // Its log says when a request has arrived.
        LOG_LEVEL: 'info',
        ...env,
      });
      backends.push(backend);
      return backend;
    };
    const alive = () => backends.filter((b) => b.child.exitCode === null && !b.child.signalCode);

    beforeAll(async () => {
      database = await createTestDatabase({ seeded: true });
      dataDir = mkdtempSync(join(tmpdir(), 'portal-lifecycle-'));
      await Promise.all([start(), start()]);
    }, 240_000);

    afterAll(async () => {
      await Promise.all(backends.map((backend) => stopBackend(backend)));
      await database?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    const login = async (backend: Backend, email: string) => {
      const response = await fetch(`${backend.url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      expect(response.status, backend.output()).toBe(200);
      return ((await response.json()) as { token: string }).token;
    };

    /** Uploads a dispatch of INVOICES invoices for CGP0001 through `backend` and runs it. */
    const startDispatch = async (backend: Backend, label: string) => {
      const token = await login(backend, ADMIN);
      const names = Array.from({ length: INVOICES }, (_, i) => `${label}-${i}.pdf`);
      const form = await dispatchForm(
        handZip(names.map((name) => ({ name, data: invoicePdf(name) }))),
        await mappingXlsx(names.map((name, i) => [name, 'CGP0001', 2020, 1 + (i % 12)])),
      );
      const created = await fetch(`${backend.url}/dispatch_invoice_request`, {
        method: 'POST',
        headers: { ...form.headers, authorization: `Bearer ${token}` },
        body: form.raw,
      });
      expect(created.status, backend.output()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const executed = await fetch(`${backend.url}/dispatch_invoice_request/${id}/execute`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: '{}',
      });
      expect(executed.status, backend.output()).toBeLessThan(300);
      return id;
    };

    const requestOf = async (id: number) =>
      rowsOf<{ status: string; processed: number; filed: number; refused: number }>(
        await database.db.execute(sql`select status, processed, filed, refused
          from dispatch_invoice_requests where id = ${id}`),
      )[0]!;
    const jobOf = async (id: number) =>
      rowsOf<{
        state: string;
        holder: string | null;
        retry_count: number;
        retry_limit: number;
      }>(
        await database.db.execute(sql`select state, output ->> 'holder' as holder, retry_count,
            retry_limit
          from pgboss.job where name = ${DISPATCH_INVOICES_JOB}
            and singleton_key = ${'dispatch-' + id}`),
      )[0];

    /** The process filing the dispatch, once it has filed some of it. */
    const holderMidway = async (id: number) => {
      let holder: Backend | undefined;
      await expect
        .poll(
          async () => {
            const job = await jobOf(id);
            holder = backends.find((b) => job?.holder && b.processId() === job.holder);
            return job?.state === 'active' && holder && (await requestOf(id)).processed > 0;
          },
          { timeout: 60_000, interval: 50 },
        )
        .toBe(true);
      return holder!;
    };

    /** Every line filed once, one invoice per file, whichever processes filed them. */
    const expectFiledOnce = async (id: number, label: string) => {
      expect(await requestOf(id)).toEqual({
        status: 'COMPLETED',
        processed: INVOICES,
        filed: INVOICES,
        refused: 0,
      });
      const [outcomes] = rowsOf<{ lines: number; distinct_lines: number }>(
        await database.db.execute(sql`select count(*)::int as lines,
            count(distinct line)::int as distinct_lines
          from dispatch_invoice_outcomes where request_id = ${id} and outcome = 'FILED'`),
      );
      expect(outcomes).toEqual({ lines: INVOICES, distinct_lines: INVOICES });
      const [filed] = rowsOf<{ invoices: number; files: number }>(
        await database.db.execute(sql`select count(*)::int as invoices,
            count(distinct filename)::int as files
          from invoices where filename like ${label + '-%'}`),
      );
      expect(filed).toEqual({ invoices: INVOICES, files: INVOICES });
    };

    it('fails within seconds the dispatch of a process killed mid-way, which another process resumes and completes without duplicates', async () => {
      const id = await startDispatch(alive()[0]!, 'tuee');
      const holder = await holderMidway(id);
      holder.child.kill('SIGKILL');
      const killedAt = Date.now();
      await holder.exited;
      const filedBefore = (await requestOf(id)).processed;
      expect(filedBefore).toBeLessThan(INVOICES);

      // Dead after 3 s without a beat, found at the next beat (1 s) of the other process, which
      // retries the job (its back-off: 5 to 10 s) — not after the job's 30-minute expiry.
      await expect
        .poll(async () => (await jobOf(id))?.state, { timeout: 30_000, interval: 100 })
        .not.toBe('active');
      const failedAfter = Date.now() - killedAt;
      await expect
        .poll(async () => (await requestOf(id)).status, { timeout: 90_000, interval: 250 })
        .toBe('COMPLETED');
      await expectFiledOnce(id, 'tuee');
      expect(await jobOf(id)).toMatchObject({ state: 'completed', retry_count: 1 });
      // Generous for a loaded machine; a few seconds on a quiet one.
      expect(failedAfter).toBeLessThan(20_000);
      console.log(
        `kill -9 après ${filedBefore}/${INVOICES} factures : tâche échouée ${failedAfter} ms après`,
      );
    }, 240_000);

    it('gives its dispatch back at once on SIGTERM and exits 0; another process resumes and completes it without duplicates', async () => {
      if (alive().length < 2) await start();
      const id = await startDispatch(alive()[0]!, 'arretee');
      const holder = await holderMidway(id);
      const limitBefore = (await jobOf(id))!.retry_limit;
      holder.child.kill('SIGTERM');
      const stoppedAt = Date.now();
      const code = await holder.exited;
      const exitedAfter = Date.now() - stoppedAt;
      expect(code, holder.output()).toBe(0);
      const filedBefore = (await requestOf(id)).processed;
      expect(filedBefore).toBeLessThan(INVOICES);
      // It did not wait for the dispatch to end, nor for pg-boss's 10-second stop.
      expect(exitedAfter).toBeLessThan(8_000);
      // Taken again by the other process at its next poll, not after the retry back-off.
      await expect
        .poll(
          async () => {
            const job = await jobOf(id);
            return job?.state === 'completed' || (job?.state === 'active' && job.holder !== null);
          },
          { timeout: 30_000, interval: 100 },
        )
        .toBe(true);
      const resumedAfter = Date.now() - stoppedAt;
      expect(resumedAfter).toBeLessThan(10_000);

      await expect
        .poll(async () => (await requestOf(id)).status, { timeout: 90_000, interval: 250 })
        .toBe('COMPLETED');
      await expectFiledOnce(id, 'arretee');
      // Given back, not failed: the release cost the job none of its retries.
      expect(await jobOf(id)).toMatchObject({
        state: 'completed',
        retry_count: 1,
        retry_limit: limitBefore + 1,
      });
      console.log(
        `SIGTERM après ${filedBefore}/${INVOICES} factures : sorti (0) en ${exitedAfter} ms, reprise après ${resumedAfter} ms`,
      );
    }, 240_000);

    interface Answer {
      status: number;
      connection?: string;
      body: string;
    }

    /**
     * An upload to `backend` with half of its body sent, once the server has its headers:
     * `finish()` sends the rest; `answer` settles with the answer, or fails if the connection is
     * cut.
     */
    const halfUpload = async (backend: Backend) => {
      const token = await login(backend, COMMUNICATION);
      const form = await multipart('file', samplePng(), 'visuel.png');
      const half = Math.floor(form.raw.length / 2);
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const request = http.request(`${backend.url}/media_objects`, {
        method: 'POST',
        agent,
        headers: {
          ...form.headers,
          'content-length': String(form.raw.length),
          authorization: `Bearer ${token}`,
        },
      });
      const answer = new Promise<Answer>((resolve, reject) => {
        request.on('error', reject);
        request.on('response', (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode!, connection: res.headers.connection, body }),
          );
        });
      });
      // Settled by the test; a cut connection must not pass for an unhandled rejection first.
      answer.catch(() => undefined);
      request.write(form.raw.subarray(0, half));
      await expect
        .poll(() => /"url":"\/media_objects".*"msg":"incoming request"/.test(backend.output()), {
          timeout: 15_000,
        })
        .toBe(true);
      return {
        answer,
        finish: () => request.end(form.raw.subarray(half)),
        close: () => agent.destroy(),
      };
    };

    /** Once the process no longer accepts connections (it has begun to stop). */
    const refusing = (backend: Backend) =>
      expect
        .poll(
          () =>
            fetch(`${backend.url}/public/settings`).then(
              () => 'accepting',
              () => 'refusing',
            ),
          { timeout: 15_000, interval: 100 },
        )
        .toBe('refusing');

    it('on SIGTERM, closes an idle kept-alive connection, ends the upload in flight with Connection: close, and exits 0 at once', async () => {
      const backend = alive()[0] ?? (await start());
      // A client holding a kept-alive connection, idle.
      const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const idleSocketClosed = new Promise<void>((resolve) => {
        http
          .get(`${backend.url}/public/settings`, { agent: idleAgent }, (res) => res.resume())
          .on('socket', (socket) => socket.once('close', () => resolve()));
      });
      await expect.poll(() => Object.values(idleAgent.freeSockets).flat().length).toBe(1);
      // Another one in the middle of an upload.
      const upload = await halfUpload(backend);

      backend.child.kill('SIGTERM');
      await refusing(backend);
      await idleSocketClosed;
      expect(backend.child.exitCode).toBeNull();

      // The upload in flight ends normally, and its connection is closed after it.
      upload.finish();
      const answered = await upload.answer;
      const answeredAt = Date.now();
      expect(answered.status, answered.body).toBe(201);
      expect(answered.connection).toBe('close');
      const code = await backend.exited;
      expect(code, backend.output()).toBe(0);
      expect(Date.now() - answeredAt).toBeLessThan(8_000);
      idleAgent.destroy();
      upload.close();
    }, 120_000);

    it('stops at once, exit code 1, on a second SIGTERM or at the end of SHUTDOWN_GRACE_MS', async () => {
      const [patient, hurried] = await Promise.all([start(), start({ SHUTDOWN_GRACE_MS: '1500' })]);
      const [first, second] = await Promise.all([halfUpload(patient), halfUpload(hurried)]);

      patient.child.kill('SIGTERM');
      await refusing(patient);
      const signalledAt = Date.now();
      patient.child.kill('SIGTERM');
      expect(await patient.exited).toBe(1);
      expect(Date.now() - signalledAt).toBeLessThan(5_000);
      await expect(first.answer).rejects.toThrow();

      hurried.child.kill('SIGTERM');
      const stoppedAt = Date.now();
      expect(await hurried.exited).toBe(1);
      const after = Date.now() - stoppedAt;
      expect(after).toBeGreaterThanOrEqual(1_400);
      expect(after).toBeLessThan(8_000);
      await expect(second.answer).rejects.toThrow();
      expect(hurried.output()).toContain('SHUTDOWN_GRACE_MS');
      first.close();
      second.close();
    }, 240_000);
  },
);
