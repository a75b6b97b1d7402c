import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import { accountRequestMail } from '../communication/account-mail.js';
import type { Database } from '../db/client.js';
import { administrations, agentRequests, agents, users } from '../db/schema.js';
import type { Deps } from '../deps.js';
import type { JobDefinition } from './queue.js';

async function supportAddress(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ supportEmail: administrations.supportEmail })
    .from(administrations)
    .orderBy(asc(administrations.id))
    .limit(1);
  return row?.supportEmail ?? null;
}

/**
 * Mails a stored support request to the support address and records when; false when it was
 * mailed already or no support address is set. Throws when the mail server refuses.
 */
export async function mailAgentRequest(
  deps: Pick<Deps, 'db' | 'mailer' | 'storage'>,
  requestId: number,
): Promise<boolean> {
  const [found] = await deps.db
    .select({ request: agentRequests, user: users })
    .from(agentRequests)
    .innerJoin(users, eq(users.id, agentRequests.userId))
    .where(eq(agentRequests.id, requestId));
  if (!found || found.request.mailedAt) return false;
  const { request: row, user } = found;
  const to = await supportAddress(deps.db);
  if (!to) return false;
  const [agent] = user.agentId
    ? await deps.db.select({ cgpId: agents.cgpId }).from(agents).where(eq(agents.id, user.agentId))
    : [];
  await deps.mailer.send({
    to,
    ...accountRequestMail({
      fullName: `${user.firstName} ${user.lastName}`,
      email: user.email,
      cgpId: agent?.cgpId ?? null,
      title: row.title,
      content: row.content ?? '',
    }),
    replyTo: user.email,
    attachments:
      row.attachmentPath && row.attachmentName && row.attachmentType
        ? [
            {
              filename: row.attachmentName,
              contentType: row.attachmentType,
              size: row.attachmentSize ?? 0,
              open: async () => {
                const stored = await deps.storage.read(row.attachmentPath!);
                if (!stored) throw new Error('attachment missing');
                return stored.stream;
              },
            },
          ]
        : [],
  });
  await deps.db
    .update(agentRequests)
    .set({ mailedAt: new Date() })
    .where(eq(agentRequests.id, row.id));
  return true;
}

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
