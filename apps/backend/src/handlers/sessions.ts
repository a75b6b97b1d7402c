import { aliasedTable, and, desc, eq, gt, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { components as api } from '@portal/api/generated/main';
import { assertMayManageUser } from '../access/privileges.js';
import { hashPassword, isStrongPassword } from '../auth/password.js';
import { verifyCurrentPassword } from '../auth/reauthentication.js';
import { principalOf, type Principal } from '../auth/principal.js';
import { endSession, endSessionsOfUser, idleCutoff } from '../auth/sessions.js';
import type { Handler } from '../contract.js';
import { resetPasswordTokens, trackingSessions, users } from '../db/schema.js';
import { assertNoViolations, forbidden, notFound } from '../http/errors.js';
import { requiredViolation } from '../http/fields.js';
import { hydraCollection } from '../http/hydra.js';
import { messages } from '../http/messages.js';
import type { Deps } from './deps.js';
import { endImpersonation } from './impersonation.js';

type PasswordChange = api['schemas']['PasswordChange'];
type UserSession = api['schemas']['UserSession'];

/** Signing out ends the token's session (and an impersonation with it). */
export function logout(deps: Deps): Handler<Principal> {
  return async (context) => {
    const { claims } = principalOf(context);
    if (claims.impAudit !== undefined) await endImpersonation(deps.db, claims);
    else await endSession(deps.db, claims.sid, 'logout');
    return { status: 204 };
  };
}

/**
 * Sets the caller's own password once the current one is given again: the caller's session stays
 * open, every other one ends, and open reset links die. Refused while impersonating.
 */
export async function changeOwnPassword(
  deps: Deps,
  { user, claims }: Principal,
  currentPassword: string,
  newPassword: string,
  newPasswordPath: string,
): Promise<void> {
  if (claims.imp !== undefined) throw forbidden(messages.notWhileImpersonating);
  assertNoViolations([
    requiredViolation('currentPassword', currentPassword),
    requiredViolation(newPasswordPath, newPassword) ??
      (isStrongPassword(newPassword)
        ? null
        : { propertyPath: newPasswordPath, message: messages.weakPassword }),
  ]);
  await verifyCurrentPassword(deps, { user, claims }, currentPassword);
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx
      .update(resetPasswordTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(resetPasswordTokens.userId, user.id), isNull(resetPasswordTokens.usedAt)));
    await endSessionsOfUser(tx, user.id, 'password', claims.sid);
  });
}

export function changePassword(deps: Deps): Handler<Principal> {
  return async (context) => {
    const { currentPassword, newPassword } = context.body as PasswordChange;
    await changeOwnPassword(
      deps,
      principalOf(context),
      currentPassword,
      newPassword,
      'newPassword',
    );
    return { status: 204 };
  };
}

const impersonators = aliasedTable(users, 'impersonators');

export function listUserSessions(deps: Deps): Handler<Principal> {
  return async (context) => {
    const { claims } = principalOf(context);
    const userId = Number(context.params.id);
    const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound();
    const cutoff = idleCutoff(deps.config.sessionIdleTimeoutSeconds);
    const rows = await deps.db
      .select({
        id: trackingSessions.id,
        startedAt: trackingSessions.startedAt,
        lastSeenAt: trackingSessions.lastSeenAt,
        impersonatorId: impersonators.id,
        impersonatorFirstName: impersonators.firstName,
        impersonatorLastName: impersonators.lastName,
      })
      .from(trackingSessions)
      .leftJoin(impersonators, eq(impersonators.id, trackingSessions.impersonatorId))
      .where(
        and(
          eq(trackingSessions.userId, userId),
          isNull(trackingSessions.endedAt),
          cutoff ? gt(trackingSessions.lastSeenAt, cutoff) : undefined,
        ),
      )
      .orderBy(desc(trackingSessions.startedAt));
    const members: UserSession[] = rows.map((row) => ({
      '@id': `/sessions/${row.id}`,
      '@type': 'UserSession',
      id: row.id,
      startedAt: row.startedAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.id === claims.sid,
      impersonator:
        row.impersonatorId === null
          ? null
          : {
              id: row.impersonatorId,
              fullName: `${row.impersonatorFirstName} ${row.impersonatorLastName}`,
            },
    }));
    return {
      status: 200,
      body: hydraCollection('UserSession', `/users/${userId}/sessions`, members),
    };
  };
}

const sessionImpersonators = alias(users, 'session_impersonators');

/**
 * `DELETE /sessions/{id}`: an open session, of an account the caller may act on; an impersonated
 * one also needs its administrator's rights (ending it stops his work too).
 */
export function endUserSession(deps: Deps): Handler<Principal> {
  return async (context) => {
    const id = String(context.params.id);
    const [session] = await deps.db
      .select({
        userProfile: users.profileId,
        impersonatorProfile: sessionImpersonators.profileId,
      })
      .from(trackingSessions)
      .innerJoin(users, eq(users.id, trackingSessions.userId))
      .leftJoin(sessionImpersonators, eq(sessionImpersonators.id, trackingSessions.impersonatorId))
      .where(and(eq(trackingSessions.id, id), isNull(trackingSessions.endedAt)));
    if (!session) throw notFound();
    const principal = principalOf(context);
    await assertMayManageUser(deps.db, principal, { profileId: session.userProfile });
    if (session.impersonatorProfile !== null)
      await assertMayManageUser(deps.db, principal, { profileId: session.impersonatorProfile });
    if (!(await endSession(deps.db, id, 'admin'))) throw notFound();
    return { status: 204 };
  };
}

export function sessionHandlers(deps: Deps): Record<string, Handler<Principal>> {
  return {
    logout: logout(deps),
    changePassword: changePassword(deps),
    listUserSessions: listUserSessions(deps),
    endSession: endUserSession(deps),
  };
}
