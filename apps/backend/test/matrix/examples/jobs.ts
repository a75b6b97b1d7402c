import { sql } from 'drizzle-orm';
import { NOT_AGENT_DATA } from './shared.js';
import type { Example } from './types.js';

export const jobExamples: Record<string, Example> = {
  'main:listJobs': {
    request: () => ({ path: '/jobs?state=failed' }),
    foreign: NOT_AGENT_DATA,
  },
  'main:retryJob': {
    request: async ({ fx }) => {
      // A failed job of the queue, for the caller who passes the checks to run again.
      const id = await fx.ctx.jobs.send('support-requests.resend', {});
      await fx.ctx.db.execute(sql`update pgboss.job set state = 'failed' where id = ${id}::uuid`);
      return { path: `/jobs/${id}/retry` };
    },
    foreign: NOT_AGENT_DATA,
  },
};
