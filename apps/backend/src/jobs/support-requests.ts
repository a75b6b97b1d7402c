import { and, asc, isNull, lt } from 'drizzle-orm';
import { agentRequests } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { mailAgentRequest } from '../handlers/account.js';
import type { JobDefinition } from './queue.js';

/** Requests the request itself tried to mail this long ago, at least, without success. */
const GRACE_MS = 5 * 60_000;

/**
 * Every 10 minutes: the support requests whose mail failed (`mailed_at` still empty) are mailed
 * again, oldest first. One run at a time across processes (a schedule tick is one job); a
 * request is marked once mailed, so a run killed half-way sends only the rest next time.
 */
export function resendSupportRequests(
  deps: Pick<Deps, 'db' | 'mailer' | 'storage'>,
): JobDefinition<Record<string, never>> {
  return {
    name: 'support-requests.resend',
    cron: '*/10 * * * *',
    retryLimit: 2,
    async run() {
      const pending = await deps.db
        .select({ id: agentRequests.id })
        .from(agentRequests)
        .where(
          and(
            isNull(agentRequests.mailedAt),
            lt(agentRequests.createdAt, new Date(Date.now() - GRACE_MS)),
          ),
        )
        .orderBy(asc(agentRequests.createdAt))
        .limit(100);
      // One at a time: a mail server that is down fails the run at the first, not 100 times.
      for (const { id } of pending) await mailAgentRequest(deps, id);
    },
  };
}
