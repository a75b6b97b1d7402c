import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRequests, agents, mailOutbox, users } from '../src/db/schema.js';
import { rowsOf } from '../src/db/rows.js';
import { resendSupportRequests } from '../src/jobs/support-requests.js';
import { startJobQueue, type JobQueue } from '../src/jobs/queue.js';
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
