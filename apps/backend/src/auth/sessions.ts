import { and, eq, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { trackingSessions, type Device, type SessionEndReason } from '../db/schema.js';
import { deviceOfUserAgent } from '@portal/config/device';

/**
 * Server-side sessions (table `tracking_sessions`, one row per sign-in or impersonation). A token
 * names its session in `sid`; the authenticator accepts it only while the session is open.
 */

type Executor = Pick<Database, 'insert' | 'update'>;

/** How stale `last_seen_at` may get before a request refreshes it: at most one write a minute. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

/** Where a session was opened from, shown in the user's list of his sessions. */
export interface SessionOrigin {
  device: Device;
  ipAddress: string;
}

/** The device (from the User-Agent) and the client's address (TRUST_PROXY) of a request. */
export const originOf = (request: FastifyRequest): SessionOrigin => ({
  device: deviceOfUserAgent(request.headers['user-agent']),
  ipAddress: request.ip,
});

export async function openSession(
  db: Executor,
  userId: number,
  {
    impersonatorId = null,
    origin,
  }: { impersonatorId?: number | null; origin?: SessionOrigin } = {},
): Promise<string> {
  const [row] = await db
    .insert(trackingSessions)
    .values({ userId, impersonatorId, device: origin?.device, ipAddress: origin?.ipAddress })
    .returning({ id: trackingSessions.id });
  return row!.id;
}

/** Ends the sessions `which` selects that are still open; their ids. */
function endOpenSessions(db: Executor, which: SQL | undefined, reason: SessionEndReason) {
  return db
    .update(trackingSessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(which, isNull(trackingSessions.endedAt)))
    .returning({ id: trackingSessions.id });
}

/**
 * Ends every open session of the user but `keep` (the caller's): 'end all others' of his account
 * page. Sessions an administrator opened viewing as him are left to `endSession`, which needs that
 * administrator's rights.
 */
export async function endOtherSessions(
  db: Executor,
  userId: number,
  keep: string,
  reason: SessionEndReason,
): Promise<number> {
  const ended = await endOpenSessions(
    db,
    and(
      eq(trackingSessions.userId, userId),
      isNull(trackingSessions.impersonatorId),
      ne(trackingSessions.id, keep),
    ),
    reason,
  );
  return ended.length;
}

/** Ends one open session; false when it was unknown or already ended. */
export async function endSession(
  db: Executor,
  sessionId: string,
  reason: SessionEndReason,
): Promise<boolean> {
  const ended = await endOpenSessions(db, eq(trackingSessions.id, sessionId), reason);
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
  const ended = await endOpenSessions(
    db,
    and(
      or(eq(trackingSessions.userId, userId), eq(trackingSessions.impersonatorId, userId)),
      keep === undefined ? undefined : ne(trackingSessions.id, keep),
    ),
    reason,
  );
  return ended.length;
}

/**
 * Ends every open session the user signed in to, and those he opened viewing as someone else,
 * at once (every process reads the session on every request). Administrators' views of his
 * account are left to `endSession` and its rules: ending one stops the administrator's work.
 */
export async function endOwnSessions(
  db: Executor,
  userId: number,
  reason: SessionEndReason,
): Promise<number> {
  const ended = await endOpenSessions(
    db,
    or(
      and(eq(trackingSessions.userId, userId), isNull(trackingSessions.impersonatorId)),
      eq(trackingSessions.impersonatorId, userId),
    ),
    reason,
  );
  return ended.length;
}

/** The oldest `last_seen_at` still open under the idle timeout (null: no timeout). */
export const idleCutoff = (idleTimeoutSeconds: number, now = Date.now()) =>
  idleTimeoutSeconds > 0 ? new Date(now - idleTimeoutSeconds * 1000) : null;
