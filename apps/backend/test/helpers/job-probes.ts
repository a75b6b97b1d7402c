import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import type { JobContext, JobDefinition } from '../../src/jobs/queue.js';

/** The table the probe jobs write what they did to, one row per effect. */
export async function createProbeTable(db: Database): Promise<void> {
  await db.execute(sql`
    create table if not exists job_probe (
      id serial primary key, job_id uuid not null, attempt int not null, what text not null,
      at timestamptz not null default now())`);
}

/** The same queue declaration in every process: only what its attempt does differs. */
export const probeSlow = (run: (job: JobContext) => Promise<void>): JobDefinition => ({
  name: 'probe.slow',
  retryLimit: 2,
  retryDelaySeconds: 1,
  // An attempt whose process died counts as failed after 3 s.
  expireInSeconds: 3,
  run: (_data, job) => run(job),
});
