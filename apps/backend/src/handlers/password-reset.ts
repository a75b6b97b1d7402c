import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashPassword, isStrongPassword } from '../auth/password.js';
import { endSessionsOfUser } from '../auth/sessions.js';
import { isDisabled, type Principal } from '../auth/principal.js';
import { type Handler, handWritten } from '../contract.js';
import { sha256 } from '../crypto.js';
import { profiles, resetPasswordTokens, users } from '../db/schema.js';
import { assertNoViolations, notFound } from '../http/errors.js';
import { emailViolation, normalizeEmail, requiredViolation } from '../http/fields.js';
import { messages } from '../http/messages.js';
import { composeResetMail } from '../auth/reset-mail.js';
import type { Deps, HandlerMap } from '../deps.js';

export function requestPasswordReset(deps: Deps): Handler<Principal> {
  return handWritten(
    'mails a reset link without telling whether the address exists',
    async ({ body, request }) => {
      const { email } = body as { email: string };
      assertNoViolations([emailViolation('email', email)]);

      const [found] = await deps.db
        .select({ user: users, profileType: profiles.type })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.profileId))
        .where(eq(users.email, normalizeEmail(email)));
      if (found && !isDisabled(found.user)) {
        const { user, profileType } = found;
        // The answer does not wait: its timing is the same whether or not the address exists.
        deps.mailer.deliver(
          () => composeResetMail(deps, user, profileType),
          (error) => request.log.error({ err: error }, 'reset mail could not be sent'),
        );
      }
      return { status: 202 };
    },
  );
}

export function resetPassword(deps: Deps): Handler<Principal> {
  return handWritten('sets a password from a one-time reset token', async ({ params, body }) => {
    const tokenHash = sha256(String(params.token));
    const { password } = body as { password: string };
    const now = new Date();

    const [found] = await deps.db
      .select({ token: resetPasswordTokens, user: users })
      .from(resetPasswordTokens)
      .innerJoin(users, eq(users.id, resetPasswordTokens.userId))
      .where(
        and(
          eq(resetPasswordTokens.tokenHash, tokenHash),
          isNull(resetPasswordTokens.usedAt),
          gt(resetPasswordTokens.expiresAt, now),
        ),
      );
    if (!found || isDisabled(found.user)) throw notFound(messages.invalidResetLink);

    assertNoViolations([
      requiredViolation('password', password) ??
        (isStrongPassword(password)
          ? null
          : { propertyPath: 'password', message: messages.weakPassword }),
    ]);

    const passwordHash = await hashPassword(password);
    const changed = await deps.db.transaction(async (tx) => {
      // Consuming every open token of the user also invalidates older links.
      const consumed = await tx
        .update(resetPasswordTokens)
        .set({ usedAt: now })
        .where(
          and(eq(resetPasswordTokens.userId, found.user.id), isNull(resetPasswordTokens.usedAt)),
        )
        .returning({ id: resetPasswordTokens.id });
      if (!consumed.some((t) => t.id === found.token.id)) return false;
      await tx.update(users).set({ passwordHash }).where(eq(users.id, found.user.id));
      // Whoever knew the old password is signed out everywhere.
      await endSessionsOfUser(tx, found.user.id, 'reset');
      return true;
    });
    if (!changed) throw notFound(messages.invalidResetLink);
    return { status: 204 };
  });
}

/** The forgotten-password flow. */
export function passwordResetHandlers(deps: Deps): HandlerMap {
  return {
    requestPasswordReset: requestPasswordReset(deps),
    resetPassword: resetPassword(deps),
  };
}
