/**
 * A backend process reduced to its job queue, for the kill -9 test: it works `probe.slow`, whose
 * first attempt records that it started and then never ends. Usage: tsx job-worker.ts (DATABASE_URL).
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.js';
import { startJobQueue } from '../../src/jobs/queue.js';
import { probeSlow } from './job-probes.js';

const { db } = await openDatabase({
  database: { kind: 'postgres', url: process.env.DATABASE_URL! },
});
await startJobQueue(
  db,
  [
    probeSlow(async (job) => {
      await db.execute(
        sql`insert into job_probe (job_id, attempt, what) values (${job.id}, ${job.retryCount}, 'started')`,
      );
      await new Promise(() => undefined);
    }),
  ],
  { work: true, supervise: false, pollingIntervalSeconds: 0.5 },
);
console.log('ready');
