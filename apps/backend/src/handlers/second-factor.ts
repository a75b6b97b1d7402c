import { eq } from 'drizzle-orm';
import { assertMayManageUser } from '../access/privileges.js';
import { principalOf, type Principal, type UserRow } from '../auth/principal.js';
import {
  SECOND_FACTOR_WINDOW_MS,
  checkCode,
  closeChallenge,
  confirmEnrolment,
  factorOf,
  isEnrolled,
  isRequiredFor,
  openChallenge,
  recoveryCodesLeft,
  removeFactor,
  replaceRecoveryCodes,
  secondFactorAttemptsKey,
  startEnrolment,
  TOTP_CODE,
  type ChallengeRow,
} from '../auth/second-factor.js';
import { type Handler, handWritten } from '../contract.js';
import { profiles, users } from '../db/schema.js';
import { clearAttempts, countAttempt, readAttempts } from '../http/attempts.js';
import {
  forbidden,
  HttpError,
  notFound,
  retryLater,
  unauthorized,
  unprocessable,
} from '../http/errors.js';
import { messages } from '../http/messages.js';
import { endOwnSessions, originOf } from '../auth/sessions.js';
import { signIn } from './auth.js';
import type { Deps, HandlerMap } from '../deps.js';

const conflict = (description: string) => new HttpError(409, description);

const wrongCode = () =>
  unprocessable([{ propertyPath: 'code', message: messages.wrongSecondFactorCode(0) }]);

async function userOf(deps: Deps, id: number): Promise<UserRow | undefined> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, id));
  return user;
}

async function requiredFor(deps: Deps, user: UserRow): Promise<boolean> {
  const [profile] = await deps.db
    .select({ type: profiles.type })
    .from(profiles)
    .where(eq(profiles.id, user.profileId));
  return profile !== undefined && isRequiredFor(deps.config, profile.type);
}

async function statusOf(deps: Deps, user: UserRow) {
  const row = await factorOf(deps.db, user.id);
  const enrolled = isEnrolled(row);
  return {
    enrolled,
    required: await requiredFor(deps, user),
    enrolledAt: enrolled ? row.confirmedAt!.toISOString() : null,
    recoveryCodesLeft: enrolled ? await recoveryCodesLeft(deps.db, user.id) : 0,
  };
}

/** The challenge while valid, else the 401 that sends the user back to his password. */
async function challengeOf(deps: Deps, challenge: string): Promise<ChallengeRow> {
  const row = await openChallenge(deps.db, challenge);
  if (!row) throw unauthorized(messages.invalidSecondFactorChallenge);
  return row;
}

/**
 * Wrong codes are counted per user in the database (every process counts the same), over 15
 * minutes: past the limit the challenge dies and the answer is a 429 until the window ends; a
 * right code clears the count. The password alone never resets it.
 */
async function refuseCode(deps: Deps, challenge: ChallengeRow, replayed = false): Promise<never> {
  const key = secondFactorAttemptsKey(challenge.userId);
  const after = await countAttempt(deps.db, key, SECOND_FACTOR_WINDOW_MS);
  const left = deps.config.secondFactorRateLimit - after.count;
  if (left <= 0) {
    await closeChallenge(deps.db, challenge);
    throw retryLater(messages.tooManySecondFactorAttempts, after.ttlMs);
  }
  throw unprocessable([
    {
      propertyPath: 'code',
      message: replayed ? messages.secondFactorCodeReplayed : messages.wrongSecondFactorCode(left),
    },
  ]);
}

/**
 * `POST /me/second_factor/recovery_codes`: the signed-in owner proves his factor again with a
 * current code of his app (never a recovery code: a code sheet found must not mint new ones; his
 * password is not asked, a stolen session may come with it). Wrong codes count with the sign-in's.
 */
export function regenerateRecoveryCodes(deps: Deps): Handler<Principal> {
  return handWritten('checks a current code, then replaces the recovery codes', async (context) => {
    const { user } = ownPrincipal(context);
    const factor = await factorOf(deps.db, user.id);
    if (!isEnrolled(factor)) throw conflict(messages.secondFactorOff);
    const key = secondFactorAttemptsKey(user.id);
    const before = await readAttempts(deps.db, key);
    if (before.count >= deps.config.secondFactorRateLimit)
      throw retryLater(messages.tooManySecondFactorAttempts, before.ttlMs);
    const code = (context.body as { code: string }).code.trim();
    const check = TOTP_CODE.test(code) ? await checkCode(deps, factor, code) : 'wrong';
    if (check !== 'accepted') {
      const after = await countAttempt(deps.db, key, SECOND_FACTOR_WINDOW_MS);
      const left = deps.config.secondFactorRateLimit - after.count;
      if (left <= 0) throw retryLater(messages.tooManySecondFactorAttempts, after.ttlMs);
      throw unprocessable([
        {
          propertyPath: 'code',
          message:
            check === 'replayed'
              ? messages.secondFactorCodeReplayed
              : messages.wrongSecondFactorCode(left),
        },
      ]);
    }
    await clearAttempts(deps.db, key);
    const recoveryCodes = await replaceRecoveryCodes(deps.db, user.id);
    if (!recoveryCodes) throw conflict(messages.secondFactorOff);
    return { status: 200, body: { recoveryCodes } };
  });
}

export function verifySecondFactor(deps: Deps): Handler<Principal> {
  return handWritten(
    'issues a token after a second-factor code check',
    async ({ body, request }) => {
      const { challenge, code } = body as { challenge: string; code: string };
      const row = await challengeOf(deps, challenge);
      const key = secondFactorAttemptsKey(row.userId);
      const before = await readAttempts(deps.db, key);
      if (before.count >= deps.config.secondFactorRateLimit) {
        await closeChallenge(deps.db, row);
        throw retryLater(messages.tooManySecondFactorAttempts, before.ttlMs);
      }
      const user = await userOf(deps, row.userId);
      if (!user) throw unauthorized(messages.invalidSecondFactorChallenge);
      const factor = await factorOf(deps.db, user.id);
      let recoveryCodes: string[] | undefined;
      if (isEnrolled(factor)) {
        const check = await checkCode(deps, factor, code.trim());
        if (check !== 'accepted') await refuseCode(deps, row, check === 'replayed');
      } else if (row.step === 'enrol' && factor) {
        const codes = await confirmEnrolment(deps, user.id, code.trim());
        recoveryCodes = codes ?? (await refuseCode(deps, row));
      } else {
        // 'enrol' before any secret was asked for, or a factor reset meanwhile: start again.
        throw unauthorized(messages.invalidSecondFactorChallenge);
      }
      // Spent once: two requests with the same challenge and two right codes sign in once.
      if (!(await closeChallenge(deps.db, row)))
        throw unauthorized(messages.invalidSecondFactorChallenge);
      await clearAttempts(deps.db, key);
      const session = await signIn(deps, user, { secondFactor: true, origin: originOf(request) });
      return { status: 200, body: recoveryCodes ? { ...session, recoveryCodes } : session };
    },
  );
}

export function startSecondFactorEnrolmentAtSignIn(deps: Deps): Handler<Principal> {
  return handWritten('starts an enrolment from a sign-in challenge', async ({ body }) => {
    const row = await challengeOf(deps, (body as { challenge: string }).challenge);
    if (row.step !== 'enrol') throw unauthorized(messages.invalidSecondFactorChallenge);
    const user = await userOf(deps, row.userId);
    if (!user || isEnrolled(await factorOf(deps.db, user.id)))
      throw unauthorized(messages.invalidSecondFactorChallenge);
    return { status: 201, body: await startEnrolment(deps, user) };
  });
}

/** The account page's operations are the user's own: not an administrator's viewing as him. */
function ownPrincipal(context: { principal: Principal | null }): Principal {
  const principal = principalOf(context);
  if (principal.claims.imp !== undefined) throw forbidden(messages.secondFactorWhileImpersonating);
  return principal;
}

export function secondFactorHandlers(deps: Deps): HandlerMap {
  return {
    verifySecondFactor: verifySecondFactor(deps),
    startSecondFactorEnrolmentAtSignIn: startSecondFactorEnrolmentAtSignIn(deps),
    regenerateSecondFactorRecoveryCodes: regenerateRecoveryCodes(deps),
    getSecondFactor: handWritten(
      "a state derived from the caller's factor and recovery codes, not a row",
      async (context) => ({
        status: 200,
        body: await statusOf(deps, principalOf(context).user),
      }),
    ),
    startSecondFactorEnrolment: handWritten('generates a new secret to enrol', async (context) => {
      const { user } = ownPrincipal(context);
      if (isEnrolled(await factorOf(deps.db, user.id)))
        throw conflict(messages.secondFactorAlreadyEnrolled);
      return { status: 201, body: await startEnrolment(deps, user) };
    }),
    confirmSecondFactorEnrolment: handWritten(
      'checks a code and hands out recovery codes',
      async (context) => {
        const { user } = ownPrincipal(context);
        const factor = await factorOf(deps.db, user.id);
        if (!factor) throw conflict(messages.secondFactorNoEnrolment);
        if (isEnrolled(factor)) throw conflict(messages.secondFactorAlreadyEnrolled);
        const { code } = context.body as { code: string };
        const recoveryCodes = await confirmEnrolment(deps, user.id, code.trim());
        if (!recoveryCodes) throw wrongCode();
        return { status: 200, body: { recoveryCodes } };
      },
    ),
    getUserSecondFactor: handWritten(
      "a state derived from another user's factor, not a row",
      async (context) => {
        const user = await userOf(deps, Number(context.params.id));
        if (!user) throw notFound();
        return { status: 200, body: await statusOf(deps, user) };
      },
    ),
    // An ordinary mutation (the staff audit trail records it like any other). It ends the
    // user's sessions with it: a reset is asked for a lost or stolen phone, and a session opened
    // with that factor must not outlive it.
    resetUserSecondFactor: handWritten(
      "removes another user's second factor within the caller's rights",
      async (context) => {
        const principal = principalOf(context);
        if (principal.claims.imp !== undefined)
          throw forbidden(messages.secondFactorWhileImpersonating);
        const user = await userOf(deps, Number(context.params.id));
        if (!user) throw notFound();
        // The trust rule: not the factor of an account holding more rights than the caller.
        await assertMayManageUser(deps.db, principal, user);
        const ended = (tx: Parameters<typeof endOwnSessions>[0]) =>
          endOwnSessions(tx, user.id, 'second-factor-reset');
        if (!(await removeFactor(deps.db, user.id, ended)))
          throw notFound(messages.secondFactorNotEnrolled);
        return { status: 204 };
      },
    ),
  };
}
