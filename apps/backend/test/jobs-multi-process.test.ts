import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import { startJobQueue, type JobQueue } from '../src/jobs/queue.js';
import { createTestDatabase } from './helpers/database.js';
import { createProbeTable, probeSlow } from './helpers/job-probes.js';

// Several processes on one PostgreSQL need a database server: the PGlite run skips this file.
const serverUrl = process.env.DATABASE_URL;
const onPostgres = Boolean(serverUrl) && serverUrl !== 'memory://';

describe.skipIf(!onPostgres)('the job queue across processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const handles: DatabaseHandle[] = [];
  const queues: JobQueue[] = [];
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    await createProbeTable(database.db);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await Promise.all(queues.map((q) => q.stop()));
    await Promise.all(handles.map((h) => h.close()));
    await database?.close();
  }, 30_000);

  /** Another connection pool on the same database: what a second process has. */
  const connect = async () => {
    const handle = await openDatabase({ database: database.config as DatabaseConfig });
    handles.push(handle);
    return handle.db;
  };
  const probes = async (what?: string) =>
    rowsOf<{ job_id: string; attempt: number; what: string; at: Date }>(
      await database.db.execute(
        what
          ? sql`select * from job_probe where what = ${what} order by id`
          : sql`select * from job_probe order by id`,
      ),
    );

  it('starts on a fresh database when several processes create its queues at once', async () => {
    // Creating the same queues concurrently can make PostgreSQL pick a deadlock victim.
    for (let round = 0; round < 3; round += 1) {
      const fresh = await createTestDatabase();
      const pools = await Promise.all(
        [1, 2, 3, 4].map(() => openDatabase({ database: fresh.config as DatabaseConfig })),
      );
      const started = await Promise.all(
        pools.map((handle) =>
          startJobQueue(
            handle.db,
            ['probe.a', 'probe.b', 'probe.c'].map((name) => ({ name, async run() {} })),
            { work: false, supervise: true },
          ),
        ),
      );
      await Promise.all(started.map((queue) => queue.stop()));
      await Promise.all(pools.map((handle) => handle.close()));
      await fresh.close();
    }
  }, 60_000);

  it('runs a scheduled job once per tick, whichever of two processes is free', async () => {
    const instance = async (label: string) => {
      const db = await connect();
      const queue = await startJobQueue(
        db,
        [
          {
            name: 'probe.tick',
            cron: '* * * * *',
            async run(_data, job) {
              await db.execute(
                sql`insert into job_probe (job_id, attempt, what) values (${job.id}, ${job.retryCount}, ${`tick ${label}`})`,
              );
            },
          },
        ],
        { work: true, supervise: true, pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 },
      );
      queues.push(queue);
    };
    await Promise.all([instance('a'), instance('b')]);
    // Both look at the schedule every second for 6 s: each minute slot gives one job, once.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const ticks = (await probes()).filter((p) => p.what.startsWith('tick'));
    expect(ticks.length).toBeGreaterThanOrEqual(1);
    // The schedule's minute slot is the one pg-boss's send-it job was created for, not the
    // minute the tick ran in: a slot's job may run just after the next minute begins.
    const sends = rowsOf<{ slot: string }>(
      await database.db.execute(
        sql`select singleton_on::text as slot from pgboss.job
            where name = '__pgboss__send-it' and singleton_key = 'probe.tick'`,
      ),
    );
    // One job a slot, whichever process saw it first; each job run once.
    expect(new Set(sends.map((s) => s.slot)).size).toBe(sends.length);
    expect(ticks.length).toBeLessThanOrEqual(sends.length);
    expect(new Set(ticks.map((t) => t.job_id)).size).toBe(ticks.length);
  }, 30_000);

  it('retries once, in the other process, a job whose process was killed mid-run', async () => {
    child = spawn(
      process.execPath,
      // tsx as a loader of this very process (its CLI would run the script in a child that a
      // kill of the CLI leaves running).
      ['--import', 'tsx', 'test/helpers/job-worker.ts'],
      {
        cwd: join(import.meta.dirname, '..'),
        env: { ...process.env, DATABASE_URL: (database.config as { url: string }).url },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    await expect.poll(() => output, { timeout: 30_000 }).toContain('ready');

    const db = await connect();
    const sender = await startJobQueue(db, [probeSlow(async () => undefined)], {
      work: false,
      supervise: false,
    });
    queues.push(sender);
    const id = (await sender.send('probe.slow', {}, { key: 'dispatch-7' }))!;
    await expect.poll(async () => (await probes('started')).length, { timeout: 15_000 }).toBe(1);
    child.kill('SIGKILL');

    // The survivor: supervises the queue (fails the expired attempt) and works the retry.
    const survivor = await startJobQueue(
      db,
      [
        probeSlow(async (job) => {
          await db.execute(
            sql`insert into job_probe (job_id, attempt, what) values (${job.id}, ${job.retryCount}, 'done')`,
          );
        }),
      ],
      { work: true, supervise: true, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 },
    );
    queues.push(survivor);
    await expect
      .poll(async () => (await probes('done')).length, { timeout: 30_000 })
      .toBe(1)
      .catch(async (error: unknown) => {
        const jobs = await db.execute(
          sql`select name, state, retry_count, expire_in, started_on from pgboss.job`,
        );
        throw new Error(`${String(error)}\n${JSON.stringify(rowsOf(jobs))}\n${output}`);
      });
    // The probe is written inside the job, before pg-boss marks it completed: wait for that.
    await expect
      .poll(
        async () =>
          rowsOf<{ state: string; retry_count: number }>(
            await db.execute(sql`select state, retry_count from pgboss.job where id = ${id}::uuid`),
          )[0],
        { timeout: 15_000 },
      )
      .toEqual({ state: 'completed', retry_count: 1 });
    // One start in the killed process, one completion in the other: no effect twice (the job
    // has completed: no attempt is left to write a probe).
    expect((await probes()).filter((p) => p.job_id === id).map((p) => [p.attempt, p.what])).toEqual(
      [
        [0, 'started'],
        [1, 'done'],
      ],
    );
  }, 90_000);
});
