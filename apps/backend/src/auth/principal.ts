import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { impersonationAudit, users } from '../db/schema.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { messages } from '../http/messages.js';
import type { Operation } from '../contract.js';
import { verifyToken, type TokenClaims, type TokenSettings } from './tokens.js';

export const ROLE_DISABLED = 'ROLE_DISABLED';

export type UserRow = typeof users.$inferSelect;

export interface Principal {
  claims: TokenClaims;
  user: UserRow;
}

/** Operations a suspended account may still call: reading its session and opening it in the sibling app. */
const OPEN_TO_DISABLED = new Set(['getCurrentUser', 'createHandoff']);

export function isDisabled(user: Pick<UserRow, 'roles'>): boolean {
  return user.roles.includes(ROLE_DISABLED);
}

export function authenticator(db: Database, settings: TokenSettings) {
  return async (token: string): Promise<Principal> => {
    const claims = await verifyToken(token, settings);
    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.id, Number(claims.sub)));
    if (!user) throw unauthorized();
    if (claims.imp !== undefined && !(await impersonationOpen(db, claims))) throw unauthorized();
    return { claims, user };
  };
}

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
