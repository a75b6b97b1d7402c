import { aliasedTable, and, desc, eq, gt, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { components as api } from '@portal/api/generated/main';
import { assertOwnOrGated } from '../access/authorize.js';
import { assertMayManageUser } from '../access/privileges.js';
import { hashPassword, isStrongPassword } from '../auth/password.js';
import { verifyCurrentPassword } from '../auth/reauthentication.js';
import { principalOf, type Principal } from '../auth/principal.js';
import { endOtherSessions, endSession, endSessionsOfUser, idleCutoff } from '../auth/sessions.js';
import { type Handler, handWritten } from '../contract.js';
import { resetPasswordTokens, trackingSessions, users } from '../db/schema.js';
import { assertNoViolations, forbidden, notFound } from '../http/errors.js';
import { requiredViolation } from '../http/fields.js';
import { hydraCollection } from '../http/hydra.js';
import { messages } from '../http/messages.js';
import type { Deps } from '../deps.js';
import { endImpersonation } from './impersonation.js';

type PasswordChange = api['schemas']['PasswordChange'];
type UserSession = api['schemas']['UserSession'];
type EndedSessions = api['schemas']['EndedSessions'];

/** Signing out ends the token's session (and an impersonation with it). */
export function logout(deps: Deps): Handler<Principal> {
  return handWritten("ends the token's session", async (context) => {
    const { claims } = principalOf(context);
    if (claims.impAudit !== undefined) await endImpersonation(deps.db, claims);
    else await endSession(deps.db, claims.sid, 'logout');
    return { status: 204 };
  });
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
  return handWritten('checks the current password before setting the new one', async (context) => {
    const { currentPassword, newPassword } = context.body as PasswordChange;
    await changeOwnPassword(
      deps,
      principalOf(context),
      currentPassword,
      newPassword,
      'newPassword',
    );
    return { status: 204 };
  });
}

const impersonators = aliasedTable(users, 'impersonators');

/** `GET /users/{id}/sessions`: the user's own (his account page), or any with `users_edit_page`. */
export function listUserSessions(deps: Deps): Handler<Principal> {
  return handWritten(
    "a user's sessions with their impersonators, under the account rules",
    async (context) => {
      const principal = principalOf(context);
      const userId = Number(context.params.id);
      assertOwnOrGated(principal, userId);
      const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) throw notFound();
      const cutoff = idleCutoff(deps.config.sessionIdleTimeoutSeconds);
      const rows = await deps.db
        .select({
          id: trackingSessions.id,
          startedAt: trackingSessions.startedAt,
          lastSeenAt: trackingSessions.lastSeenAt,
          device: trackingSessions.device,
          ipAddress: trackingSessions.ipAddress,
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
        current: row.id === principal.claims.sid,
        device: row.device,
        ipAddress: row.ipAddress,
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
    },
  );
}

/**
 * Ending one's own sessions is refused to an administrator viewing the portal as the user: they
 * are the account holder's (the administrator ends them from the user's record, with his rights).
 */
function refuseWhileImpersonated(principal: Principal, userId: number): void {
  if (userId === principal.user.id && principal.claims.imp !== undefined)
    throw forbidden(messages.notWhileImpersonating);
}

const sessionImpersonators = alias(users, 'session_impersonators');

/**
 * `DELETE /sessions/{id}`: an open session, of the caller or of an account he may act on; an
 * impersonated one also needs its administrator's rights (ending it stops his work too), so a
 * user cannot end an administrator's view of his account.
 */
export function endUserSession(deps: Deps): Handler<Principal> {
  return handWritten('ends a session under the impersonation rules', async (context) => {
    const id = String(context.params.id);
    const principal = principalOf(context);
    const [session] = await deps.db
      .select({
        userId: trackingSessions.userId,
        endedAt: trackingSessions.endedAt,
        userProfile: users.profileId,
        impersonatorProfile: sessionImpersonators.profileId,
      })
      .from(trackingSessions)
      .innerJoin(users, eq(users.id, trackingSessions.userId))
      .leftJoin(sessionImpersonators, eq(sessionImpersonators.id, trackingSessions.impersonatorId))
      .where(eq(trackingSessions.id, id));
    // Before the 404: without the component, another user's session and none answer alike.
    assertOwnOrGated(principal, session?.userId);
    if (!session || session.endedAt !== null) throw notFound();
    refuseWhileImpersonated(principal, session.userId);
    await assertMayManageUser(deps.db, principal, { profileId: session.userProfile });
    if (session.impersonatorProfile !== null)
      await assertMayManageUser(deps.db, principal, { profileId: session.impersonatorProfile });
    const reason = session.userId === principal.user.id ? 'self' : 'admin';
    if (!(await endSession(deps.db, id, reason))) throw notFound();
    return { status: 204 };
  });
}

/** `DELETE /users/{id}/sessions`: 'end all others', on the same rule as ending one. */
export function endUserSessions(deps: Deps): Handler<Principal> {
  return handWritten('ends every other session of a user', async (context) => {
    const principal = principalOf(context);
    const userId = Number(context.params.id);
    assertOwnOrGated(principal, userId);
    const [user] = await deps.db
      .select({ id: users.id, profileId: users.profileId })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw notFound();
    refuseWhileImpersonated(principal, user.id);
    await assertMayManageUser(deps.db, principal, user);
    const reason = user.id === principal.user.id ? 'self' : 'admin';
    const ended = await endOtherSessions(deps.db, user.id, principal.claims.sid, reason);
    return { status: 200, body: { ended } satisfies EndedSessions };
  });
}

export function sessionHandlers(deps: Deps): Record<string, Handler<Principal>> {
  return {
    logout: logout(deps),
    changePassword: changePassword(deps),
    listUserSessions: listUserSessions(deps),
    endSession: endUserSession(deps),
    endUserSessions: endUserSessions(deps),
  };
}
