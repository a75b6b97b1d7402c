import type { Deps } from '../deps.js';
import { countAttempt, readAttempts } from '../http/attempts.js';
import { assertNoViolations, retryLater } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { verifyPassword } from './password.js';
import type { Principal } from './principal.js';
import { endSession } from './sessions.js';

/** The window over which wrong current passwords are counted. */
export const REAUTH_WINDOW_MS = 15 * 60_000;

export const reauthKey = (userId: number) => `reauth|${userId}`;

/**
 * Checks the current password that a change of password or e-mail asks for again. A token alone
 * must not become a way of guessing the password: past `reauthRateLimit` wrong answers per user
 * in 15 minutes (counted in the database, across processes) the session that asked ends and the
 * answer is a 429 with `Retry-After`; the owner signs in again, which clears the count.
 */
export async function verifyCurrentPassword(
  { db, config }: Deps,
  { user, claims }: Principal,
  currentPassword: string,
): Promise<void> {
  const key = reauthKey(user.id);
  const refuse = async (ttlMs: number) => {
    await endSession(db, claims.sid, 'reauth');
    return retryLater(messages.tooManyPasswordAttempts, ttlMs);
  };
  const before = await readAttempts(db, key);
  if (before.count >= config.reauthRateLimit) throw await refuse(before.ttlMs);
  if (await verifyPassword(currentPassword, user.passwordHash)) return;
  const after = await countAttempt(db, key, REAUTH_WINDOW_MS);
  if (after.count >= config.reauthRateLimit) throw await refuse(after.ttlMs);
  assertNoViolations([{ propertyPath: 'currentPassword', message: messages.wrongCurrentPassword }]);
}
