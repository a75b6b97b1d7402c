import { sql } from 'drizzle-orm';
import { auditLog } from '../db/schema.js';
import type { Deps } from '../deps.js';
import type { JobDefinition } from './queue.js';

export const AUDIT_RETENTION_JOB = 'audit.retention';
/** Daily, at night (Europe/Paris): one job per tick for every process together. */
export const AUDIT_RETENTION_CRON = '15 3 * * *';

/**
 * Deletes the audit lines older than `months` (AUDIT_RETENTION_MONTHS), in one transaction
 * that names its cutoff to the table's append-only trigger (migration 0016): the trigger lets
 * through the deletion of lines created before it, and nothing else. Answers how many went.
 */
export async function purgeAuditLog(db: Deps['db'], months: number, now = new Date()) {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('portal.audit_purge_before', ${cutoff.toISOString()}, true)`,
    );
    const removed = await tx
      .delete(auditLog)
      .where(sql`${auditLog.createdAt} < ${cutoff.toISOString()}::timestamptz`)
      .returning({ id: auditLog.id });
    return removed.length;
  });
}

/** The retention of the audit trail; idempotent (a second run finds nothing older). */
export const auditRetentionJob = (deps: Pick<Deps, 'db' | 'config'>): JobDefinition => ({
  name: AUDIT_RETENTION_JOB,
  cron: AUDIT_RETENTION_CRON,
  retryLimit: 2,
  async run(_data, job) {
    const removed = await purgeAuditLog(deps.db, deps.config.auditRetentionMonths);
    job.log?.info({ removed }, 'audit lines past retention deleted');
  },
});
