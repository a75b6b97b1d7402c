import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { oncePer } from '../memo.js';
import {
  componentProfiles,
  components,
  impersonationAudit,
  profiles,
  trackingSessions,
  users,
} from '../db/schema.js';
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
  /**
   * The user's profile and its components, read by the authenticator in its one statement
   * (`access/principal-access.ts` reads them when absent: a principal built by a test).
   */
  loaded?: { profile: typeof profiles.$inferSelect | null; componentNames: string[] };
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
 * Checks the signature, then, in one statement, that the token's session is open, that its
 * impersonation (if any) is not ended, and reads the user, his profile and its components (what
 * the access checks need): no cache, so a session, a suspension or a rights change made by any
 * process is seen by every process on the next request. `last_seen_at` is written at most once
 * a minute per session.
 */
export function authenticator(db: Database, settings: SessionSettings) {
  return async (token: string): Promise<Principal> => {
    const claims = await verifyToken(token, settings);
    const [row] = await principalQuery(db).execute({
      userId: Number(claims.sub),
      sessionId: claims.sid,
      // 0 matches no row: the flag is read only for an impersonated token.
      impAudit: claims.impAudit ?? 0,
      imp: claims.imp ?? 0,
    });
    if (!row || row.endedAt !== null) throw unauthorized();
    const now = Date.now();
    const cutoff = idleCutoff(settings.sessionIdleTimeoutSeconds, now);
    if (cutoff && row.lastSeenAt < cutoff) throw unauthorized();
    // An impersonated token dies with its audit row: ending the impersonation revokes it.
    if (claims.imp !== undefined && !row.impersonationOpen) throw unauthorized();
    if (now - row.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS)
      await db
        .update(trackingSessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(trackingSessions.id, claims.sid));
    return {
      claims,
      user: row.user,
      loaded: { profile: row.profile, componentNames: row.componentNames },
    };
  };
}

/**
 * Built once per database (a named prepared statement on PostgreSQL): it runs on every request,
 * and building the SQL was a visible share of the request's CPU time (profile in
 * docs/benchmarks/2026-11-23-throughput.md). One round trip for every access check of a request
 * (it was three: session and user, profile, components; four when impersonating).
 */
const principalQuery = oncePer(function preparePrincipalQuery(db: Database) {
  return db
    .select({
      user: users,
      endedAt: trackingSessions.endedAt,
      lastSeenAt: trackingSessions.lastSeenAt,
      profile: profiles,
      // Same rows and order as componentNamesOfProfile.
      componentNames: sql<string[]>`array(
        select ${components.name} from ${components}
        inner join ${componentProfiles} on ${componentProfiles.componentId} = ${components.id}
        where ${componentProfiles.profileId} = ${users.profileId}
        order by ${components.priority}, ${components.name})`,
      impersonationOpen: sql<boolean>`exists(
        select 1 from ${impersonationAudit}
        where ${impersonationAudit.id} = ${sql.placeholder('impAudit')}
          and ${impersonationAudit.adminUserId} = ${sql.placeholder('imp')}
          and ${impersonationAudit.targetUserId} = ${users.id}
          and ${impersonationAudit.endedAt} is null)`,
    })
    .from(users)
    .innerJoin(trackingSessions, eq(trackingSessions.userId, users.id))
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        eq(trackingSessions.id, sql.placeholder('sessionId')),
      ),
    )
    .prepare('principal_by_session');
});

export function authorize(principal: Principal, operation: Operation): void {
  if (isDisabled(principal.user) && !OPEN_TO_DISABLED.has(operation.operationId)) {
    throw forbidden(messages.accountDisabled);
  }
}

export function principalOf<P>(context: { principal: P | null }): P {
  if (!context.principal) throw unauthorized(messages.authenticationRequired);
  return context.principal;
}
