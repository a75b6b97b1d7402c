import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { components as api } from '@portal/api/generated/main';
import { getDummyHash, verifyPassword } from '../auth/password.js';
import { principalOf, type Principal, type UserRow } from '../auth/principal.js';
import { buildCurrentUser, type Session } from '../auth/session.js';
import { reauthKey } from '../auth/reauthentication.js';
import {
  SECOND_FACTOR_AMR,
  factorOf,
  isEnrolled,
  isRequiredFor,
  issueChallenge,
} from '../auth/second-factor.js';
import { openSession, originOf, type SessionOrigin } from '../auth/sessions.js';
import { signToken, withoutRegistered, type TokenClaims } from '../auth/tokens.js';
import { type Handler, handWritten } from '../contract.js';
import { randomToken, sha256 } from '../crypto.js';
import {
  handoffCodes,
  profiles,
  trackingSessions,
  users,
  type SecondFactorStep,
} from '../db/schema.js';
import { clearAttempts } from '../http/attempts.js';
import { assertNoViolations, unauthorized } from '../http/errors.js';
import { emailViolation, normalizeEmail, requiredViolation } from '../http/fields.js';
import { messages } from '../http/messages.js';
import type { Deps, HandlerMap } from '../deps.js';

type Credentials = api['schemas']['Credentials'];

const HANDOFF_TTL_MS = 60_000;

export async function sessionFor(deps: Deps, user: UserRow, claims: TokenClaims): Promise<Session> {
  const token = await signToken(claims, deps.config);
  return { token, ...(await buildCurrentUser(deps.db, user, claims)) };
}

export function login(deps: Deps): Handler<Principal> {
  return handWritten('issues a token after a password check', async ({ body, request }) => {
    const { email, password } = body as Credentials;
    assertNoViolations([emailViolation('email', email), requiredViolation('password', password)]);

    const [user] = await deps.db
      .select()
      .from(users)
      .where(eq(users.email, normalizeEmail(email)));
    // Unknown addresses are checked against a dummy hash so that both failures take as long.
    const valid = await verifyPassword(password, user?.passwordHash ?? (await getDummyHash()));
    if (!user || !valid) throw unauthorized(messages.invalidCredentials);
    // A second factor due: no token yet, a challenge for the second step (handlers/second-factor.ts).
    const step = await secondFactorStepOf(deps, user);
    if (step !== null) return { status: 202, body: await issueChallenge(deps.db, user.id, step) };
    return { status: 200, body: await signIn(deps, user, { origin: originOf(request) }) };
  });
}

/** What a user whose password is right must do before a token: give a code, enrol, or nothing. */
async function secondFactorStepOf(deps: Deps, user: UserRow): Promise<SecondFactorStep | null> {
  if (isEnrolled(await factorOf(deps.db, user.id))) return 'code';
  const [profile] = await deps.db
    .select({ type: profiles.type })
    .from(profiles)
    .where(eq(profiles.id, user.profileId));
  return profile && isRequiredFor(deps.config, profile.type) ? 'enrol' : null;
}

/** The sign-in proper, once every factor due is proved: a new session and its token. */
export async function signIn(
  deps: Deps,
  user: UserRow,
  { secondFactor = false, origin }: { secondFactor?: boolean; origin?: SessionOrigin } = {},
): Promise<Session> {
  // Signing in proves the password: the wrong answers a token gave before no longer count.
  await clearAttempts(deps.db, reauthKey(user.id));
  // Every sign-in of an agent raises the news-popup flag; finishing the popup clears it.
  const signedIn = user.agentId === null ? user : await raiseLoginAgentFlag(deps, user.id);

  const claims: TokenClaims = {
    sub: String(user.id),
    roles: user.roles,
    username: user.email,
    sid: await openSession(deps.db, user.id, { origin }),
    ...(secondFactor ? { amr: SECOND_FACTOR_AMR } : {}),
  };
  return sessionFor(deps, signedIn, claims);
}

async function raiseLoginAgentFlag(deps: Deps, userId: number) {
  const [user] = await deps.db
    .update(users)
    .set({ onLoginAgent: true })
    .where(eq(users.id, userId))
    .returning();
  return user!;
}

export function getCurrentUser(deps: Deps): Handler<Principal> {
  return handWritten(
    "the session's user with his rights and menus, built from the token",
    async (context) => {
      const { user, claims } = principalOf(context);
      return { status: 200, body: await buildCurrentUser(deps.db, user, claims) };
    },
  );
}

export function createHandoff(deps: Deps): Handler<Principal> {
  return handWritten('issues a one-time hand-off code for the other app', async (context) => {
    const { claims } = principalOf(context);
    const code = randomToken();
    const expiresAt = new Date(Date.now() + HANDOFF_TTL_MS);
    await deps.db
      .delete(handoffCodes)
      .where(lt(handoffCodes.expiresAt, new Date(Date.now() - 3_600_000)));
    await deps.db
      .insert(handoffCodes)
      .values({ codeHash: sha256(code), claims: withoutRegistered(claims), expiresAt });
    return { status: 201, body: { code, expiresAt: expiresAt.toISOString() } };
  });
}

export function exchangeHandoff(deps: Deps): Handler<Principal> {
  return handWritten('exchanges a one-time hand-off code for a token', async ({ body }) => {
    const { code } = body as { code: string };
    const now = new Date();
    // One conditional update, so two concurrent exchanges cannot both succeed.
    const [row] = await deps.db
      .update(handoffCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(handoffCodes.codeHash, sha256(code)),
          isNull(handoffCodes.usedAt),
          gt(handoffCodes.expiresAt, now),
          // A code dies with the session it hands over (a logout before the exchange).
          sql`exists (select 1 from ${trackingSessions} s
            where s.id::text = ${handoffCodes.claims}->>'sid' and s.ended_at is null)`,
        ),
      )
      .returning();
    if (!row) throw unauthorized(messages.invalidHandoff);
    const claims = row.claims as TokenClaims;
    const [user] = await deps.db
      .select()
      .from(users)
      .where(eq(users.id, Number(claims.sub)));
    if (!user) throw unauthorized(messages.invalidHandoff);
    return { status: 200, body: await sessionFor(deps, user, claims) };
  });
}

/** Sign-in, the current session and the hand-off between the apps. */
export function authHandlers(deps: Deps): HandlerMap {
  return {
    login: login(deps),
    getCurrentUser: getCurrentUser(deps),
    createHandoff: createHandoff(deps),
    exchangeHandoff: exchangeHandoff(deps),
  };
}
