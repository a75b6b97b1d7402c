import { and, eq, isNull } from 'drizzle-orm';
import { assertMayManageUser } from '../access/privileges.js';
import { isDisabled, principalOf, type Principal } from '../auth/principal.js';
import { factorOf, isEnrolled, provedSecondFactor } from '../auth/second-factor.js';
import type { TokenClaims } from '../auth/tokens.js';
import { type Handler, handWritten } from '../contract.js';
import { impersonationAudit, users } from '../db/schema.js';
import { endSession, openSession, originOf } from '../auth/sessions.js';
import { forbidden } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { listHandler } from '../resources/handlers.js';
import { impersonations } from '../resources/impersonations.js';
import { sessionFor } from './auth.js';
import type { Deps, HandlerMap } from '../deps.js';
import { rowById } from '../resources/item.js';

export function impersonateUser(deps: Deps): Handler<Principal> {
  return handWritten(
    'issues a token for another user and opens an audited impersonation',
    async (context) => {
      const admin = principalOf(context);
      const { db } = deps;
      if (admin.claims.imp !== undefined) throw forbidden(messages.alreadyImpersonating);
      const target = await rowById(db, users, Number(context.params.id));
      if (target.id === admin.user.id) throw forbidden(messages.impersonateSelf);
      if (isDisabled(target)) throw forbidden(messages.impersonateDisabled);
      // Impersonating must never widen what the administrator can do.
      await assertMayManageUser(db, admin, target);
      // The impersonated session has the administrator's factors (his `amr`), not the target's:
      // an account protected by a second factor is not opened by a session signed in without one.
      if (!provedSecondFactor(admin.claims) && isEnrolled(await factorOf(db, target.id)))
        throw forbidden(messages.impersonateNeedsSecondFactor);

      const claims = await db.transaction(async (tx): Promise<TokenClaims> => {
        const sid = await openSession(tx, target.id, {
          impersonatorId: admin.user.id,
          origin: originOf(context.request),
        });
        const [audit] = await tx
          .insert(impersonationAudit)
          .values({ adminUserId: admin.user.id, targetUserId: target.id })
          .returning();
        return {
          sub: String(target.id),
          roles: target.roles,
          username: target.email,
          sid,
          imp: admin.user.id,
          impAudit: audit!.id,
          ...(admin.claims.amr ? { amr: admin.claims.amr } : {}),
        };
      });
      return { status: 200, body: await sessionFor(deps, target, claims) };
    },
  );
}

/** Closes the audit row and ends the impersonated session: its tokens are refused afterwards. */
export async function endImpersonation(db: Deps['db'], claims: TokenClaims): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(impersonationAudit)
      .set({ endedAt: new Date() })
      .where(and(eq(impersonationAudit.id, claims.impAudit!), isNull(impersonationAudit.endedAt)));
    await endSession(tx, claims.sid, 'impersonation-ended');
  });
}

export function exitImpersonation(deps: Deps): Handler<Principal> {
  return handWritten('ends the impersonation and its session', async (context) => {
    const { claims } = principalOf(context);
    if (claims.impAudit === undefined) throw forbidden(messages.notImpersonating);
    await endImpersonation(deps.db, claims);
    return { status: 204 };
  });
}

/** Impersonation, its exit and its audit trail. */
export function impersonationHandlers(deps: Deps): HandlerMap {
  return {
    impersonateUser: impersonateUser(deps),
    exitImpersonation: exitImpersonation(deps),
    listImpersonations: listHandler(deps.db, impersonations),
  };
}
