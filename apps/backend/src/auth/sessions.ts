import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { trackingSessions, type SessionEndReason } from '../db/schema.js';

/**
 * Server-side sessions (table `tracking_sessions`, one row per sign-in or impersonation). A token
 * names its session in `sid`; the authenticator accepts it only while the session is open.
 */

type Executor = Pick<Database, 'insert' | 'update'>;

/** How stale `last_seen_at` may get before a request refreshes it: at most one write a minute. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

export async function openSession(
  db: Executor,
  userId: number,
  impersonatorId: number | null = null,
): Promise<string> {
  const [row] = await db
    .insert(trackingSessions)
    .values({ userId, impersonatorId })
    .returning({ id: trackingSessions.id });
  return row!.id;
}

/** Ends one open session; false when it was unknown or already ended. */
export async function endSession(
  db: Executor,
  sessionId: string,
  reason: SessionEndReason,
): Promise<boolean> {
  const ended = await db
    .update(trackingSessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(trackingSessions.id, sessionId), isNull(trackingSessions.endedAt)))
    .returning({ id: trackingSessions.id });
  return ended.length > 0;
}

/**
 * Ends every open session of the user, and the sessions he opened viewing as someone else,
 * except `keep` (the caller's own session on a password change).
 */
export async function endSessionsOfUser(
  db: Executor,
  userId: number,
  reason: SessionEndReason,
  keep?: string,
): Promise<number> {
  const ended = await db
    .update(trackingSessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(
      and(
        or(eq(trackingSessions.userId, userId), eq(trackingSessions.impersonatorId, userId)),
        isNull(trackingSessions.endedAt),
        keep === undefined ? undefined : ne(trackingSessions.id, keep),
      ),
    )
    .returning({ id: trackingSessions.id });
  return ended.length;
}

/** The oldest `last_seen_at` still open under the idle timeout (null: no timeout). */
export const idleCutoff = (idleTimeoutSeconds: number, now = Date.now()) =>
  idleTimeoutSeconds > 0 ? new Date(now - idleTimeoutSeconds * 1000) : null;
