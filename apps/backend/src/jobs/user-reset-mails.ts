import { eq } from 'drizzle-orm';
import { isDisabled } from '../auth/principal.js';
import { type AccountMailKind, composeResetMail } from '../auth/reset-mail.js';
import { profiles, users } from '../db/schema.js';
import type { Deps } from '../deps.js';
import type { JobDefinition, JobQueue } from './queue.js';

export const USER_RESET_MAIL_JOB = 'users.reset-mail';

export interface UserResetMailData {
  userId: number;
  /** 'welcome' for a new account; a job queued before it existed is a reset. */
  kind?: AccountMailKind;
}

/**
 * The reset-password mail of a user created, imported or chosen by staff: sent by the queue, so
 * a mail server that is down delays it (retried 5 times, from 30 s) and loses none. A user
 * deleted or suspended meanwhile gets nothing. At least once: a retry after the server took the
 * mail sends a second link, the first one still valid.
 */
export function userResetMailJob(
  deps: Pick<Deps, 'db' | 'config' | 'mailer'>,
): JobDefinition<UserResetMailData> {
  return {
    name: USER_RESET_MAIL_JOB,
    retryLimit: 5,
    async run({ userId, kind }) {
      const [found] = await deps.db
        .select({ user: users, profileType: profiles.type })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.profileId))
        .where(eq(users.id, userId));
      if (!found || isDisabled(found.user)) return;
      await deps.mailer.send(await composeResetMail(deps, found.user, found.profileType, kind));
    },
  };
}

/** Queues the mail; the key keeps one waiting mail per user however often staff click. */
export const queueUserResetMail = (
  jobs: JobQueue,
  userId: number,
  kind: AccountMailKind = 'reset',
) =>
  jobs.send(USER_RESET_MAIL_JOB, { userId, kind } satisfies UserResetMailData, {
    key: `user-${userId}`,
  });
