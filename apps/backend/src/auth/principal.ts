import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { oncePer } from '../memo.js';
import { impersonationAudit, trackingSessions, users } from '../db/schema.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { messages } from '../http/messages.js';
import type { Operation } from '../contract.js';
import { LAST_SEEN_RESOLUTION_MS, idleCutoff } from './sessions.js';
import { verifyToken, type TokenClaims, type TokenSettings } from './tokens.js';

export const ROLE_DISABLED = 'ROLE_DISABLED';

export type UserRow = typeof users.$inferSelect;

export interface Principal {
  claims: TokenClaims;
  user: UserRow;
}

/**
 * Operations a suspended account may still call: reading its session and signing out. Not the
 * hand-off: a suspended session has nothing to open in the sibling app (issue 37).
 */
const OPEN_TO_DISABLED = new Set(['getCurrentUser', 'logout']);

export function isDisabled(user: Pick<UserRow, 'roles'>): boolean {
  return user.roles.includes(ROLE_DISABLED);
}

export interface SessionSettings extends TokenSettings {
  /** Seconds without a request after which a session ends; 0 = never. */
  sessionIdleTimeoutSeconds: number;
}

/**
 * Checks the signature, then, in the one query that also loads the user, that the token's
 * session is open: no cache, so a session ended by any process is refused by every process on
 * the next request. `last_seen_at` is written at most once a minute per session.
 */
export function authenticator(db: Database, settings: SessionSettings) {
  return async (token: string): Promise<Principal> => {
    const claims = await verifyToken(token, settings);
    const [row] = await principalQuery(db).execute({
      userId: Number(claims.sub),
      sessionId: claims.sid,
    });
    if (!row || row.endedAt !== null) throw unauthorized();
    const now = Date.now();
    const cutoff = idleCutoff(settings.sessionIdleTimeoutSeconds, now);
    if (cutoff && row.lastSeenAt < cutoff) throw unauthorized();
    if (now - row.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS)
      await db
        .update(trackingSessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(trackingSessions.id, claims.sid));
    if (claims.imp !== undefined && !(await impersonationOpen(db, claims))) throw unauthorized();
    return { claims, user: row.user };
  };
}

/**
 * Built once per database (a named prepared statement on PostgreSQL): it runs on every request,
 * and building the SQL was a visible share of the request's CPU time (profile in
 * docs/benchmarks/2026-11-23-throughput.md).
 */
const principalQuery = oncePer(function preparePrincipalQuery(db: Database) {
  return db
    .select({
      user: users,
      endedAt: trackingSessions.endedAt,
      lastSeenAt: trackingSessions.lastSeenAt,
    })
    .from(users)
    .innerJoin(trackingSessions, eq(trackingSessions.userId, users.id))
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        eq(trackingSessions.id, sql.placeholder('sessionId')),
      ),
    )
    .prepare('principal_by_session');
});

/** An impersonated token dies with its audit row: ending the impersonation revokes it. */
async function impersonationOpen(db: Database, claims: TokenClaims): Promise<boolean> {
  const [row] = await db
    .select({ id: impersonationAudit.id })
    .from(impersonationAudit)
    .where(
      and(
        eq(impersonationAudit.id, claims.impAudit!),
        eq(impersonationAudit.adminUserId, claims.imp!),
        eq(impersonationAudit.targetUserId, Number(claims.sub)),
        isNull(impersonationAudit.endedAt),
      ),
    );
  return row !== undefined;
}

export function authorize(principal: Principal, operation: Operation): void {
  if (isDisabled(principal.user) && !OPEN_TO_DISABLED.has(operation.operationId)) {
    throw forbidden(messages.accountDisabled);
  }
}

export function principalOf<P>(context: { principal: P | null }): P {
  if (!context.principal) throw unauthorized(messages.authenticationRequired);
  return context.principal;
}
