import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRequests, agents, backendProcesses, mailOutbox, users } from '../src/db/schema.js';
import { rowsOf } from '../src/db/rows.js';
import { resendSupportRequests } from '../src/jobs/support-requests.js';
import {
  INTERRUPTED_JOB_MESSAGE,
  RELEASED_JOB_MESSAGE,
  startJobQueue,
  type JobContext,
  type JobQueue,
} from '../src/jobs/queue.js';
import { processHeartbeat } from '../src/maintenance/processes.js';
import { ADMIN, CLAIRE } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const jobState = async (id: string) =>
  rowsOf<{ state: string; retry_count: number }>(
    await ctx.db.execute(sql`select state, retry_count from pgboss.job where id = ${id}::uuid`),
  )[0];

describe('the job queue', () => {
  it('runs a job once per idempotency key, retries with backoff, then dead-letters it', async () => {
    const seen: { data: unknown; retryCount: number }[] = [];
    let failUntil = Infinity;
    const queue: JobQueue = await startJobQueue(
      ctx.db,
      [
        {
          name: 'probe.keyed',
          async run(data, job) {
            seen.push({ data, retryCount: job.retryCount });
          },
        },
        {
          name: 'probe.flaky',
          retryLimit: 2,
          retryDelaySeconds: 1,
          async run(_data, job) {
            if (job.retryCount < failUntil) throw new Error(`Échec n° ${job.retryCount + 1}`);
          },
        },
      ],
      { work: true, supervise: true, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 },
    );
    try {
      // Idempotency: a second job with the same key while the first waits is refused.
      const first = await queue.send('probe.keyed', { n: 1 }, { key: 'client-42' });
      expect(first).toEqual(expect.any(String));
      expect(await queue.send('probe.keyed', { n: 2 }, { key: 'client-42' })).toBeNull();
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
      expect(seen[0]).toEqual({ data: { n: 1 }, retryCount: 0 });
      await expect.poll(async () => (await jobState(first!))?.state).toBe('completed');

      // Retries: 3 attempts (1 s, then 2 s apart), then failed with a copy in the dead letters.
      const flaky = (await queue.send('probe.flaky', { agentId: 7 }))!;
      await expect
        .poll(async () => (await jobState(flaky))?.state, { timeout: 20_000 })
        .toBe('failed');
      expect((await jobState(flaky))?.retry_count).toBe(2);
      const [dead] = rowsOf<{ data: unknown; output: { message: string } }>(
        await ctx.db.execute(
          sql`select data, output from pgboss.job where name = 'probe.flaky__dead'`,
        ),
      );
      expect(dead?.data).toEqual({ agentId: 7 });
      expect(dead?.output.message).toBe('Échec n° 3');

      // The staff view lists it with its last error, and runs it again on request.
      const token = await ctx.login(ADMIN);
      const failed = await ctx.api('GET', '/jobs?state=failed&name=probe.flaky', { token });
      expect(failed.status).toBe(200);
      expect(failed.body['hydra:member']).toEqual([
        expect.objectContaining({
          id: flaky,
          name: 'probe.flaky',
          state: 'failed',
          deadLetter: false,
          retryCount: 2,
          retryLimit: 2,
          lastError: 'Échec n° 3',
        }),
      ]);
      const all = await ctx.api('GET', '/jobs?name=probe.flaky', { token });
      expect(
        all.body['hydra:member'].map((j: { deadLetter: boolean }) => j.deadLetter).sort(),
      ).toEqual([false, true]);
      failUntil = 0;
      expect((await ctx.api('POST', `/jobs/${flaky}/retry`, { token })).status).toBe(204);
      await expect
        .poll(async () => (await jobState(flaky))?.state, { timeout: 10_000 })
        .toBe('completed');
      const again = await ctx.api('POST', `/jobs/${flaky}/retry`, { token });
      expect(again.status).toBe(409);
      expect(again.body['hydra:description']).toBe('Seule une tâche en erreur peut être relancée.');
      const unknown = await ctx.api('POST', '/jobs/00000000-0000-4000-8000-000000000000/retry', {
        token,
      });
      expect(unknown.status).toBe(404);
      // Agents have no access to the queue.
      const agent = await ctx.login(CLAIRE);
      expect((await ctx.api('GET', '/jobs', { token: agent })).status).toBe(403);
    } finally {
      await queue.stop();
    }
  }, 60_000);

  it('stores the failure of a job whose error holds a NUL or a failed query with one among its parameters', async () => {
    const logged: unknown[] = [];
    const queue = await startJobQueue(
      ctx.db,
      [
        {
          name: 'probe.nul-message',
          retryLimit: 0,
          async run() {
            throw new Error('Mandataire inconnu : \u0000CGP0001 \ud800.');
          },
        },
        {
          // The dispatch's agent lookup as it ran with a mapping cell `_x0000_CGP0001`:
          // PostgreSQL refuses the NUL, and drizzle's error carries it among its parameters.
          name: 'probe.nul-query',
          retryLimit: 0,
          async run() {
            await ctx.db
              .select({ id: agents.id })
              .from(agents)
              .where(inArray(agents.cgpId, ['CGP0001', '\u0000CGP0001']));
          },
        },
      ],
      {
        work: true,
        supervise: true,
        pollingIntervalSeconds: 0.5,
        maintenanceIntervalSeconds: 1,
        onError: (error) => logged.push(error),
      },
    );
    try {
      const message = (await queue.send('probe.nul-message', {}))!;
      const query = (await queue.send('probe.nul-query', {}))!;
      for (const id of [message, query])
        await expect
          .poll(async () => (await jobState(id))?.state, { timeout: 20_000 })
          .toBe('failed');
      const outputs = rowsOf<{
        id: string;
        output: { name: string; message: string; stack: string };
      }>(
        await ctx.db.execute(
          sql`select id, output from pgboss.job where id in (${message}::uuid, ${query}::uuid)`,
        ),
      );
      const outputOf = (id: string) => outputs.find((row) => row.id === id)!.output;
      expect(outputOf(message).message).toBe('Mandataire inconnu : \\0CGP0001 \ufffd.');
      const failedQuery = outputOf(query);
      // The database's reason and the SQL with its placeholders; no parameter, no other property.
      expect(failedQuery.message).toMatch(/^.+ \(query: select .+ in \(\$1, \$2\)\)$/);
      expect(JSON.stringify(failedQuery)).not.toContain('CGP0001');
      expect(Object.keys(failedQuery).sort()).toEqual(['message', 'name', 'stack']);
      // The originals go to the log, untouched.
      expect(logged.map((error) => (error as Error).message).join('\n')).toContain('\u0000CGP0001');
    } finally {
      await queue.stop();
    }
  }, 60_000);

  it('alone on its database, fails at start the jobs a dead process left active, then retries them', async () => {
    const runs: number[] = [];
    const definition = {
      name: 'probe.interrupted',
      retryDelaySeconds: 1,
      async run(_data: object, job: { retryCount: number }) {
        runs.push(job.retryCount);
      },
    };
    const sender = await startJobQueue(ctx.db, [definition], { work: false, supervise: false });
    const id = (await sender.send('probe.interrupted', {}))!;
    await sender.stop();
    // Its process died while running it: pg-boss would leave it active until it expires.
    await ctx.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() where id = ${id}::uuid`,
    );
    const queue = await startJobQueue(ctx.db, [definition], {
      work: true,
      supervise: false,
      soleProcess: true,
      pollingIntervalSeconds: 0.5,
    });
    try {
      await expect
        .poll(async () => (await jobState(id))?.state, { timeout: 20_000 })
        .toBe('completed');
      expect(runs).toEqual([1]);
    } finally {
      await queue.stop();
    }
  }, 60_000);

  /** A row of `pgboss.job` as the tests below look at it. */
  const jobRow = async (id: string) =>
    rowsOf<{
      state: string;
      retry_count: number;
      retry_limit: number;
      holder: string | null;
      message: string | null;
      waits: boolean;
    }>(
      await ctx.db.execute(sql`select state, retry_count, retry_limit,
          output ->> 'holder' as holder, output ->> 'message' as message,
          start_after > now() as waits
        from pgboss.job where id = ${id}::uuid`),
    )[0];

  it("names the process running a job on it, and fails within a beat the jobs of a process whose heartbeat stopped, not a live one's", async () => {
    const liveness = processHeartbeat(ctx.db, {
      id: 'cccccccccccccccc',
      intervalMs: 200,
      deadAfterMs: 2_000,
    });
    // Another process alive (beating as this one does), and one killed: its row stays old.
    const other = processHeartbeat(ctx.db, { id: 'aaaaaaaaaaaaaaaa', deadAfterMs: 2_000 });
    const beats = setInterval(() => void Promise.all([liveness.beat(), other.beat()]), 200);
    await Promise.all([liveness.beat(), other.beat()]);
    await ctx.db
      .insert(backendProcesses)
      .values({ id: 'dddddddddddddddd', seenAt: new Date(Date.now() - 10_000) });
    const holders: (string | null)[] = [];
    const runs: JobContext[] = [];
    const definition = {
      name: 'probe.held',
      retryLimit: 1,
      retryDelaySeconds: 1,
      async run(_data: object, job: JobContext) {
        runs.push(job);
        holders.push((await jobRow(job.id))?.holder ?? null);
      },
    };
    const sender = await startJobQueue(ctx.db, [definition], { work: false, supervise: false });
    // Two keys: the queue takes one job per key waiting.
    const dead = (await sender.send('probe.held', {}, { key: 'dead' }))!;
    const live = (await sender.send('probe.held', {}, { key: 'live' }))!;
    await sender.stop();
    const hold = (id: string, holder: string) =>
      ctx.db.execute(sql`update pgboss.job set state = 'active', started_on = now(),
        output = jsonb_build_object('holder', ${holder}::text) where id = ${id}::uuid`);
    await hold(dead, 'dddddddddddddddd');
    await hold(live, 'aaaaaaaaaaaaaaaa');

    let timerSweeps = true;
    // Not steady yet (it has not beaten for deadAfterMs): it takes nothing from anyone.
    const queue = await startJobQueue(ctx.db, [definition], {
      work: true,
      supervise: false,
      pollingIntervalSeconds: 0.5,
      // Its timer sweeps until the test asks for a sweep itself.
      holder: { ...liveness, steady: () => timerSweeps && liveness.steady() },
    });
    try {
      expect(liveness.steady()).toBe(false);
      await expect.poll(() => liveness.steady(), { timeout: 10_000 }).toBe(true);
      // The timer sweeps every beat: the dead holder's job fails, retried by this process.
      await expect
        .poll(async () => (await jobRow(dead))?.state, { timeout: 20_000 })
        .toBe('completed');
      expect(runs.map((job) => [job.retryCount, job.lastAttempt])).toEqual([[1, true]]);
      expect(holders).toEqual(['cccccccccccccccc']);
      expect(await jobRow(live)).toMatchObject({ state: 'active', holder: 'aaaaaaaaaaaaaaaa' });
      // Once its process is dead too, and a sweep is asked directly.
      timerSweeps = false;
      clearInterval(beats);
      await ctx.db.execute(
        sql`update backend_processes set seen_at = now() - interval '1 minute' where id = 'aaaaaaaaaaaaaaaa'`,
      );
      // (A sweep of the timer still under way holds the lock: this one then skips.)
      let failed = 0;
      await expect.poll(async () => (failed += await queue.failJobsOfDeadProcesses())).toBe(1);
      expect(await jobRow(live)).toMatchObject({
        state: 'retry',
        message: INTERRUPTED_JOB_MESSAGE,
        retry_count: 0,
      });
      await expect
        .poll(async () => (await jobRow(live))?.state, { timeout: 20_000 })
        .toBe('completed');
    } finally {
      clearInterval(beats);
      await queue.stop();
      await ctx.db.delete(backendProcesses);
    }
  }, 60_000);

  it('gives the jobs it runs back to the queue when it stops, their retries kept, for another process to take at once', async () => {
    let started = 0;
    let stoppedBySignal = 0;
    const attempts: JobContext[] = [];
    const definition = (patient: boolean) => ({
      name: 'probe.long',
      // Its only attempt: a release must not end it in its dead letters.
      retryLimit: 0,
      retryDelaySeconds: 60,
      async run(_data: object, job: JobContext) {
        attempts.push(job);
        if (!patient) return;
        started += 1;
        // Runs until told to stop, as the invoice dispatch does.
        await new Promise((_resolve, reject) =>
          job.signal!.addEventListener('abort', () => {
            stoppedBySignal += 1;
            reject(new Error('stopped'));
          }),
        );
      },
    });
    const first = await startJobQueue(ctx.db, [definition(true)], {
      work: true,
      supervise: false,
      pollingIntervalSeconds: 0.5,
    });
    const id = (await first.send('probe.long', {}))!;
    await expect.poll(() => started, { timeout: 20_000 }).toBe(1);
    const before = Date.now();
    await first.stop({ releaseWithinMs: 5_000 });
    // It did not wait for the job to end, nor for its retry delay (60 s).
    expect(Date.now() - before).toBeLessThan(4_000);
    expect(stoppedBySignal).toBe(1);
    expect(await jobRow(id)).toMatchObject({
      state: 'retry',
      retry_count: 0,
      retry_limit: 1,
      message: RELEASED_JOB_MESSAGE,
      waits: false,
    });

    const second = await startJobQueue(ctx.db, [definition(false)], {
      work: true,
      supervise: false,
      pollingIntervalSeconds: 0.5,
    });
    try {
      await expect
        .poll(async () => (await jobRow(id))?.state, { timeout: 20_000 })
        .toBe('completed');
      expect(attempts.map((job) => [job.retryCount, job.lastAttempt])).toEqual([
        [0, true],
        [1, true],
      ]);
    } finally {
      await second.stop();
    }
  }, 60_000);

  it('mails again the support requests whose mail failed, once', async () => {
    const [claire] = await ctx.db.select().from(users).where(eq(users.email, CLAIRE));
    const [request] = await ctx.db
      .insert(agentRequests)
      .values({
        userId: claire!.id,
        title: 'Relance après une panne du serveur de messagerie',
        content: 'Bonjour',
        createdAt: new Date(Date.now() - 20 * 60_000),
      })
      .returning();
    const recent = await ctx.db
      .insert(agentRequests)
      .values({ userId: claire!.id, title: 'Envoyée il y a une minute', content: null })
      .returning();
    const outbox = () =>
      ctx.db
        .select()
        .from(mailOutbox)
        .then((rows) => rows.filter((m) => m.subject.includes('Relance après une panne')));
    const job = resendSupportRequests({ db: ctx.db, mailer: ctx.mailer, storage: ctx.storage });
    expect(job.cron).toBe('*/10 * * * *');
    await job.run({}, { id: 'x', retryCount: 0 });
    await job.run({}, { id: 'y', retryCount: 0 });
    expect(await outbox()).toHaveLength(1);
    const [mailed] = await ctx.db
      .select()
      .from(agentRequests)
      .where(eq(agentRequests.id, request!.id));
    expect(mailed?.mailedAt).toEqual(expect.any(Date));
    // The one the request itself may still be mailing is left to it.
    const [fresh] = await ctx.db
      .select()
      .from(agentRequests)
      .where(eq(agentRequests.id, recent[0]!.id));
    expect(fresh?.mailedAt).toBeNull();
  });
});
