import type { Deps } from '../deps.js';
import { dispatchInvoicesJob, sweepDispatchesJob } from '../invoices/dispatch.js';
import { extractTextJob } from '../library/text.js';
import { auditRetentionJob } from './audit-retention.js';
import { startJobQueue, type JobDefinition, type JobQueue } from './queue.js';
import { reminderDigestJob } from './reminder-digests.js';
import { trackingRollupJob } from './tracking-rollup.js';
import { resendSupportRequests } from './support-requests.js';
import { userResetMailJob } from './user-reset-mails.js';

/** Every job of the backend, as each process declares its queues and schedules. */
export function jobDefinitions(deps: Omit<Deps, 'jobs'>): JobDefinition<never>[] {
  return [
    resendSupportRequests(deps),
    reminderDigestJob(deps),
    userResetMailJob(deps),
    extractTextJob(deps),
    dispatchInvoicesJob(deps),
    sweepDispatchesJob(deps),
    auditRetentionJob(deps),
    trackingRollupJob(deps),
  ];
}

/** A queue that only sends (scripts and tests): the jobs wait for a process that works them. */
export function sendOnlyJobQueue(deps: Omit<Deps, 'jobs'>): Promise<JobQueue> {
  return startJobQueue(deps.db, jobDefinitions(deps), { work: false, supervise: false });
}
