import { decodeJwt } from 'jose';
import { and, eq, isNull } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { randomToken } from '../src/crypto.js';
import {
  profiles,
  rateLimitCounters,
  secondFactorChallenges,
  secondFactorRecoveryCodes,
  secondFactors,
  trackingSessions,
  users,
} from '../src/db/schema.js';
import { messages } from '../src/http/messages.js';
import { ADMIN, CLAIRE } from './helpers/accounts.js';
import { createTestContext, DEMO_PASSWORD, type TestContext } from './helpers/context.js';
import { insertStaffProfile, insertStaffUser, USER_ADMIN_COMPONENTS } from './helpers/staff.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const password = (email: string) =>
  ctx.api('POST', '/token', { body: { email, password: DEMO_PASSWORD } });
const verify = (challenge: string, code: string) =>
  ctx.api('POST', '/token/second_factor', { body: { challenge, code } });
// One administrator's session for the file: sign-ins are limited per minute (LOGIN_RATE_LIMIT).
let adminSession: string | undefined;
const adminToken = async () => (adminSession ??= await ctx.login(ADMIN));
const descriptionOf = (response: { body: Record<string, unknown> }) =>
  response.body['hydra:description'];
const violationOf = (response: { body: { violations?: { message: string }[] } }) =>
  response.body.violations?.[0]?.message;

/** The code of the step `offset` steps from now (30 s each), as the user's app shows it. */
const codeAt = (secret: string, offset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/** A fresh staff account of its own profile (with the user administration components). */
async function staffAccount(components: readonly string[] = []) {
  const unique = randomToken().slice(0, 8).toLowerCase();
  const profile = await insertStaffProfile(ctx.db, `Double facteur ${unique}`, components);
  const user = await insertStaffUser(ctx.db, profile, `totp.${unique}@reseau-patrimoine.fr`);
  return { ...user, profile };
}

/** Enrols the account from its account page; its secret and recovery codes. */
async function enrol(email: string) {
  const token = await ctx.login(email);
  const started = await ctx.api('POST', '/me/second_factor', { token });
  expect(started.status).toBe(201);
  const secret = started.body.secret as string;
  const confirmed = await ctx.api('POST', '/me/second_factor/confirmation', {
    token,
    body: { code: await codeAt(secret) },
  });
  expect(confirmed.status).toBe(200);
  return { token, secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

/** Password then a code `offset` steps ahead (the confirmation took the current step). */
async function signInWithCode(email: string, secret: string, offset = 1) {
  const step = await password(email);
  expect(step.status).toBe(202);
  const done = await verify(step.body.challenge, await codeAt(secret, offset));
  expect(done.status).toBe(200);
  return done.body.token as string;
}

describe('enrolment from the account page', () => {
  it('answers a secret and a QR code, confirms with a code, gives ten recovery codes once', async () => {
    const { email, id } = await staffAccount();
    const token = await ctx.login(email);
    const before = await ctx.api('GET', '/me/second_factor', { token });
    expect(before.body).toEqual({
      enrolled: false,
      required: false,
      enrolledAt: null,
      recoveryCodesLeft: 0,
    });
    const started = await ctx.api('POST', '/me/second_factor', { token });
    expect(started.status).toBe(201);
    const { secret, qrCode, otpauthUri } = started.body as {
      secret: string;
      qrCode: string;
      otpauthUri: string;
    };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain(encodeURIComponent(email));
    // Not on until a code confirms it: the password still signs in alone.
    expect((await password(email)).status).toBe(200);

    const wrong = await ctx.api('POST', '/me/second_factor/confirmation', {
      token,
      body: { code: '000000' === (await codeAt(secret)) ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(422);
    expect(violationOf(wrong)).toBe('Code incorrect.');

    const confirmed = await ctx.api('POST', '/me/second_factor/confirmation', {
      token,
      body: { code: await codeAt(secret) },
    });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const after = await ctx.api('GET', '/me/second_factor', { token });
    expect(after.body).toMatchObject({ enrolled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(after.body)).not.toContain(secret);
    // Once on, the secret is never answered again: starting over is refused.
    const again = await ctx.api('POST', '/me/second_factor', { token });
    expect(again.status).toBe(409);
    expect(descriptionOf(again)).toBe(messages.secondFactorAlreadyEnrolled);

    // At rest: the secret encrypted, the recovery codes as digests.
    const [row] = await ctx.db.select().from(secondFactors).where(eq(secondFactors.userId, id));
    expect(row!.secretEncrypted).toMatch(/^v1\./);
    expect(row!.secretEncrypted).not.toContain(secret);
    const stored = await ctx.db
      .select()
      .from(secondFactorRecoveryCodes)
      .where(eq(secondFactorRecoveryCodes.userId, id));
    expect(stored).toHaveLength(10);
    const hashes = stored.map((r) => r.codeHash).join();
    for (const code of codes) {
      expect(hashes).not.toContain(code);
      expect(hashes).not.toContain(code.replace('-', ''));
    }
  });

  it('a confirmation without an enrolment under way is a 409; odd codes are 422, never a 500', async () => {
    const { email } = await staffAccount();
    const token = await ctx.login(email);
    const none = await ctx.api('POST', '/me/second_factor/confirmation', {
      token,
      body: { code: '123456' },
    });
    expect(none.status).toBe(409);
    expect(descriptionOf(none)).toBe(messages.secondFactorNoEnrolment);
    await ctx.api('POST', '/me/second_factor', { token });
    for (const code of [
      '',
      '12345',
      '1234567',
      'abcdef',
      "' or 1=1 --",
      '１２３４５６',
      ' '.repeat(64),
    ]) {
      const response = await ctx.api('POST', '/me/second_factor/confirmation', {
        token,
        body: { code },
      });
      expect(response.status, code).toBe(422);
    }
    for (const body of [{}, { code: 123456 }, { code: null }, { code: 'x'.repeat(65) }]) {
      const response = await ctx.api('POST', '/me/second_factor/confirmation', { token, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('signing in with a second factor', () => {
  it('the password answers a challenge and no token; a code then signs in, once', async () => {
    const { email } = await staffAccount();
    const { secret } = await enrol(email);
    const step = await password(email);
    expect(step.status).toBe(202);
    expect(step.body.step).toBe('code');
    expect(step.body.token).toBeUndefined();
    expect(JSON.stringify(step.body)).not.toMatch(/eyJ/);
    const expiresIn = Date.parse(step.body.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000);

    const code = await codeAt(secret, 1);
    const done = await verify(step.body.challenge, code);
    expect(done.status).toBe(200);
    expect(decodeJwt(done.body.token).amr).toEqual(['pwd', 'otp']);
    expect((await ctx.api('GET', '/me', { token: done.body.token })).status).toBe(200);
    // The challenge is spent.
    const spent = await verify(step.body.challenge, code);
    expect(spent.status).toBe(401);
    expect(descriptionOf(spent)).toBe(messages.invalidSecondFactorChallenge);
    // The same code again, within its window, with a new challenge: a replay.
    const replay = await verify((await password(email)).body.challenge, code);
    expect(replay.status).toBe(422);
    expect(violationOf(replay)).toBe(messages.secondFactorCodeReplayed);
    // So is a code of an earlier step still inside the drift window.
    const older = await verify((await password(email)).body.challenge, await codeAt(secret, 0));
    expect(older.status).toBe(422);
  });

  it('two sign-ins racing with the same code: one token', async () => {
    const { email } = await staffAccount();
    const { secret } = await enrol(email);
    const [a, b] = [await password(email), await password(email)];
    const code = await codeAt(secret, 1);
    const answers = await Promise.all([
      verify(a.body.challenge, code),
      verify(b.body.challenge, code),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
  });

  it('a recovery code signs in once, typed with or without its dash and capitals', async () => {
    const { email } = await staffAccount();
    const { recoveryCodes, token } = await enrol(email);
    const first = recoveryCodes[0]!;
    const typed = ` ${first.toUpperCase().replace('-', ' - ')} `;
    const done = await verify((await password(email)).body.challenge, typed);
    expect(done.status).toBe(200);
    const again = await verify((await password(email)).body.challenge, first);
    expect(again.status).toBe(422);
    expect(violationOf(again)).toMatch(/^Code incorrect\./);
    const status = await ctx.api('GET', '/me/second_factor', { token });
    expect(status.body.recoveryCodesLeft).toBe(9);
  });

  it("another user's recovery code, a wrong one or a forged challenge opens nothing", async () => {
    const victim = await staffAccount();
    const other = await staffAccount();
    await enrol(victim.email);
    const { recoveryCodes } = await enrol(other.email);
    const challenge = (await password(victim.email)).body.challenge as string;
    expect((await verify(challenge, recoveryCodes[0]!)).status).toBe(422);
    for (const forged of [randomToken(), 'A'.repeat(43)])
      expect((await verify(forged, '123456')).status).toBe(401);
    for (const body of [
      { challenge, code: 123456 },
      { challenge: 'court', code: '123456' },
      { challenge, code: '1'.repeat(65) },
      { challenge },
      { challenge, code: '123456', token: 'x' },
    ])
      expect((await ctx.api('POST', '/token/second_factor', { body })).status).toBe(422);
    // An expired challenge is a 401 too.
    const late = (await password(victim.email)).body.challenge as string;
    await ctx.db
      .update(secondFactorChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(secondFactorChallenges.userId, victim.id));
    expect((await verify(late, '123456')).status).toBe(401);
  });

  it('wrong codes are counted per user in the database: the tenth is a 429 that no right code passes', async () => {
    const { email, id } = await staffAccount();
    const { secret } = await enrol(email);
    const right = await codeAt(secret, 1);
    const wrong = right === '000000' ? '111111' : '000000';
    let challenge = (await password(email)).body.challenge as string;
    for (let n = 1; n <= 9; n++) {
      // A new challenge from time to time: counted per user, not per challenge.
      if (n === 5) challenge = (await password(email)).body.challenge;
      const refused = await verify(challenge, wrong);
      expect(refused.status).toBe(422);
      expect(violationOf(refused)).toBe(messages.wrongSecondFactorCode(10 - n));
    }
    const locked = await verify(challenge, wrong);
    expect(locked.status).toBe(429);
    expect(descriptionOf(locked)).toBe(messages.tooManySecondFactorAttempts);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The challenge died with it; a new password does not reset the count.
    expect((await verify(challenge, right)).status).toBe(401);
    const fresh = (await password(email)).body.challenge as string;
    expect((await verify(fresh, right)).status).toBe(429);
    const [counter] = await ctx.db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `second-factor|${id}`));
    expect(counter!.hits).toBe(10);
  });

  it('a right code clears the count of wrong ones', async () => {
    const { email } = await staffAccount();
    const { secret } = await enrol(email);
    const challenge = (await password(email)).body.challenge as string;
    const wrong = (await codeAt(secret, 1)) === '000000' ? '111111' : '000000';
    expect(violationOf(await verify(challenge, wrong))).toBe(messages.wrongSecondFactorCode(9));
    expect((await verify(challenge, await codeAt(secret, 1))).status).toBe(200);
    const next = (await password(email)).body.challenge as string;
    expect(violationOf(await verify(next, wrong))).toBe(messages.wrongSecondFactorCode(9));
  });
});

describe('a second factor required per profile type', () => {
  it('reads SECOND_FACTOR_REQUIRED: staff by default in production, none under tsx', () => {
    expect(loadConfig({}, { isCompiled: true }).secondFactorRequired).toEqual(['Hubnup']);
    expect(loadConfig({}, { isCompiled: false }).secondFactorRequired).toEqual([]);
    expect(
      loadConfig({ SECOND_FACTOR_REQUIRED: 'none' }, { isCompiled: true }).secondFactorRequired,
    ).toEqual([]);
    expect(
      loadConfig({ SECOND_FACTOR_REQUIRED: 'Mandataire, Hubnup' }).secondFactorRequired,
    ).toEqual(['Mandataire', 'Hubnup']);
    expect(() => loadConfig({ SECOND_FACTOR_REQUIRED: 'Staff' })).toThrow(/SECOND_FACTOR_REQUIRED/);
  });

  it('a staff account without a factor enrols after its password, then signs in with a code', async () => {
    ctx.config.secondFactorRequired = ['Hubnup'];
    try {
      const { email } = await staffAccount();
      const step = await password(email);
      expect(step.status).toBe(202);
      expect(step.body.step).toBe('enrol');
      // No code before a secret: the challenge is refused until the enrolment starts.
      expect((await verify(step.body.challenge, '123456')).status).toBe(401);
      const again = await password(email);
      const started = await ctx.api('POST', '/token/second_factor/enrolment', {
        body: { challenge: again.body.challenge },
      });
      expect(started.status).toBe(201);
      const done = await verify(again.body.challenge, await codeAt(started.body.secret));
      expect(done.status).toBe(200);
      expect(done.body.recoveryCodes).toHaveLength(10);
      expect(decodeJwt(done.body.token).amr).toEqual(['pwd', 'otp']);
      // Once enrolled, the challenge asks for a code, and the enrolment route refuses it.
      const next = await password(email);
      expect(next.body.step).toBe('code');
      const refused = await ctx.api('POST', '/token/second_factor/enrolment', {
        body: { challenge: next.body.challenge },
      });
      expect(refused.status).toBe(401);
      const status = await ctx.api('GET', '/me/second_factor', { token: done.body.token });
      expect(status.body).toMatchObject({ enrolled: true, required: true });
      // An agent (offered, not required) still signs in with his password alone.
      expect((await password(CLAIRE)).status).toBe(200);
    } finally {
      ctx.config.secondFactorRequired = [];
    }
  });
});

describe("an administrator's reset", () => {
  it('removes the factor of a lesser account: it signs in with its password and may enrol again', async () => {
    const target = await staffAccount();
    const { token } = await enrol(target.email);
    const admin = await adminToken();
    const read = await ctx.api('GET', `/users/${target.id}/second_factor`, { token: admin });
    expect(read.body).toMatchObject({ enrolled: true, recoveryCodesLeft: 10 });
    const reset = await ctx.api('DELETE', `/users/${target.id}/second_factor`, { token: admin });
    expect(reset.status).toBe(204);
    // The reset is audited: who, on whom, and no secret in what changed.
    const trail = await ctx.api(
      'GET',
      `/administration/audit?operationId=resetUserSecondFactor&targetIri=/users/${target.id}`,
      { token: admin },
    );
    expect(trail.body['hydra:member']).toHaveLength(1);
    expect(trail.body['hydra:member'][0]).toMatchObject({
      user: { email: ADMIN },
      targetIri: `/users/${target.id}`,
    });
    expect(JSON.stringify(trail.body)).not.toMatch(/secret_encrypted|secretEncrypted/);
    // The reset ended his session; his password alone signs him in again.
    expect((await ctx.api('GET', '/me', { token })).status).toBe(401);
    const signedIn = await password(target.email);
    expect(signedIn.status).toBe(200);
    const after = await ctx.api('GET', `/users/${target.id}/second_factor`, { token: admin });
    expect(after.body).toEqual({
      enrolled: false,
      required: false,
      enrolledAt: null,
      recoveryCodesLeft: 0,
    });
    const codes = await ctx.db
      .select()
      .from(secondFactorRecoveryCodes)
      .where(eq(secondFactorRecoveryCodes.userId, target.id));
    expect(codes).toHaveLength(0);
    expect(
      (await ctx.api('POST', '/me/second_factor', { token: signedIn.body.token })).status,
    ).toBe(201);
    // Nothing left to reset: a 404 that says so.
    const twice = await ctx.api('DELETE', `/users/${target.id}/second_factor`, { token: admin });
    expect(twice.status).toBe(404);
    expect(descriptionOf(twice)).toBe(messages.secondFactorNotEnrolled);
  });

  it("ends every session of the account at once, the administrator's own kept, and is audited", async () => {
    const target = await staffAccount();
    const { token: enrolling, secret, recoveryCodes } = await enrol(target.email);
    // Two sign-ins (a code, a recovery code), and the session he enrolled from.
    const first = await signInWithCode(target.email, secret, 1);
    const step = await password(target.email);
    const second = (await verify(step.body.challenge, recoveryCodes[0]!)).body.token as string;
    for (const token of [enrolling, first, second])
      expect((await ctx.api('GET', '/me', { token })).status).toBe(200);
    const admin = await adminToken();
    const reset = await ctx.api('DELETE', `/users/${target.id}/second_factor`, { token: admin });
    expect(reset.status).toBe(204);
    // Ended in the database, which every process reads on every request: no token of his passes.
    for (const token of [enrolling, first, second])
      expect((await ctx.api('GET', '/me', { token })).status).toBe(401);
    const open = await ctx.db
      .select()
      .from(trackingSessions)
      .where(and(eq(trackingSessions.userId, target.id), isNull(trackingSessions.endedAt)));
    expect(open).toEqual([]);
    const ended = await ctx.db
      .select({ reason: trackingSessions.endReason })
      .from(trackingSessions)
      .where(eq(trackingSessions.userId, target.id));
    expect(new Set(ended.map((row) => row.reason))).toEqual(new Set(['second-factor-reset']));
    expect((await ctx.api('GET', '/me', { token: admin })).status).toBe(200);
    const trail = await ctx.api(
      'GET',
      `/administration/audit?operationId=resetUserSecondFactor&targetIri=/users/${target.id}`,
      { token: admin },
    );
    expect(trail.body['hydra:member']).toHaveLength(1);
    expect(trail.body['hydra:member'][0]).toMatchObject({ status: 204 });
  });

  it('is refused for an account with more rights, to an agent, and while impersonating', async () => {
    const lesser = await staffAccount(USER_ADMIN_COMPONENTS);
    const lesserToken = await ctx.login(lesser.email);
    const [admin] = await ctx.db.select().from(users).where(eq(users.email, ADMIN));
    const up = await ctx.api('DELETE', `/users/${admin!.id}/second_factor`, { token: lesserToken });
    expect(up.status).toBe(403);
    expect(descriptionOf(up)).toBe(messages.morePrivilegedUser);
    // A peer of the same profile is within his rights.
    const peer = await insertStaffUser(
      ctx.db,
      lesser.profile,
      `pair.${randomToken().slice(0, 6).toLowerCase()}@reseau-patrimoine.fr`,
    );
    await enrol(peer.email);
    expect(
      (await ctx.api('DELETE', `/users/${peer.id}/second_factor`, { token: lesserToken })).status,
    ).toBe(204);

    const agent = await ctx.login(CLAIRE);
    const byAgent = await ctx.api('DELETE', `/users/${lesser.id}/second_factor`, { token: agent });
    expect(byAgent.status).toBe(403);
    expect(descriptionOf(byAgent)).toBe(messages.accessDenied);
    expect(
      (await ctx.api('DELETE', '/users/999999/second_factor', { token: await adminToken() }))
        .status,
    ).toBe(404);
    for (const id of ['abc', '-1', '1e3', '99999999999999999999'])
      expect(
        (await ctx.api('DELETE', `/users/${id}/second_factor`, { token: await adminToken() }))
          .status,
      ).toBe(400);
  });
});

describe('regenerating the recovery codes from the account page', () => {
  const regenerate = (token: string, code: string) =>
    ctx.api('POST', '/me/second_factor/recovery_codes', { token, body: { code } });

  it('takes a current code of the app, replaces the ten codes at once, and is audited for an agent too', async () => {
    const [mandataire] = await ctx.db
      .select()
      .from(profiles)
      .where(eq(profiles.name, 'ROLE_MANDATAIRE'));
    const email = `codes.${randomToken().slice(0, 8).toLowerCase()}@reseau-patrimoine.fr`;
    await insertStaffUser(ctx.db, mandataire!, email);
    const { token, secret, recoveryCodes: old } = await enrol(email);
    old.pop();

    // A recovery code does not prove the factor here: it must not mint new ones.
    const byRecovery = await regenerate(token, old[0]!);
    expect(byRecovery.status).toBe(422);
    expect(byRecovery.body.violations[0].propertyPath).toBe('code');
    const wrong = await regenerate(
      token,
      (await codeAt(secret, 1)) === '000000' ? '111111' : '000000',
    );
    expect(wrong.status).toBe(422);

    const code = await codeAt(secret, 1);
    const done = await regenerate(token, code);
    expect(done.status).toBe(200);
    const fresh = done.body.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    for (const c of fresh) {
      expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(old).not.toContain(c);
    }
    // The same code again: already used.
    const replay = await regenerate(token, code);
    expect(replay.status).toBe(422);
    expect(violationOf(replay)).toBe(messages.secondFactorCodeReplayed);

    expect((await ctx.api('GET', '/me/second_factor', { token })).body).toMatchObject({
      enrolled: true,
      recoveryCodesLeft: 10,
    });
    // The old codes stop at once; a new one signs in.
    const step = await password(email);
    expect((await verify(step.body.challenge, old[1]!)).status).toBe(422);
    expect((await verify(step.body.challenge, fresh[0]!)).status).toBe(200);

    const admin = await adminToken();
    const trail = await ctx.api(
      'GET',
      `/administration/audit?operationId=regenerateSecondFactorRecoveryCodes&user=${encodeURIComponent(email)}`,
      { token: admin },
    );
    expect(trail.body['hydra:member']).toHaveLength(1);
    expect(trail.body['hydra:member'][0]).toMatchObject({ user: { email }, status: 200 });
    const written = JSON.stringify(trail.body);
    for (const c of [...fresh, code]) expect(written).not.toContain(c);
  });

  it('is a 409 without a factor, a 403 while impersonating, never a 500 on odd codes', async () => {
    const { email } = await staffAccount();
    const token = await ctx.login(email);
    const none = await regenerate(token, '123456');
    expect(none.status).toBe(409);
    expect(descriptionOf(none)).toBe(messages.secondFactorOff);
    for (const code of ['', ' ', 'é'.repeat(64), '12345678901234567890'])
      expect([400, 409, 422]).toContain((await regenerate(token, code)).status);

    // Viewing as him: refused before anything else (the factor is the account owner's).
    const viewing = await ctx.api(
      'GET',
      `/administration/impersonate-user/${(await staffAccount()).id}`,
      {
        token: await adminToken(),
      },
    );
    expect(viewing.status).toBe(200);
    const refused = await regenerate(viewing.body.token, '123456');
    expect(refused.status).toBe(403);
    expect(descriptionOf(refused)).toBe(messages.secondFactorWhileImpersonating);
  });
});

describe('the hand-off and impersonation', () => {
  it('the hand-off carries the second factor: the sibling app asks for no code', async () => {
    const account = await staffAccount();
    const enrolled = await enrol(account.email);
    const token = await signInWithCode(account.email, enrolled.secret);
    const handoff = await ctx.api('POST', '/auth/handoff', { token });
    const exchanged = await ctx.api('POST', '/auth/handoff/exchange', {
      body: { code: handoff.body.code },
    });
    expect(exchanged.status).toBe(200);
    expect(decodeJwt(exchanged.body.token).amr).toEqual(['pwd', 'otp']);
  });

  it("an impersonated session inherits the administrator's factor, and never goes around the target's", async () => {
    const target = await staffAccount();
    await enrol(target.email);
    // The administrator signed in with his password alone: refused for a protected account.
    const adminPasswordOnly = await ctx.login(ADMIN);
    const refused = await ctx.api('GET', `/administration/impersonate-user/${target.id}`, {
      token: adminPasswordOnly,
    });
    expect(refused.status).toBe(403);
    expect(descriptionOf(refused)).toBe(messages.impersonateNeedsSecondFactor);

    // Enrolled and signed in with a code, he may; the session says so, the target's codes untouched.
    const { secret, token: openedBeforeEnrolling } = await enrol(ADMIN);
    // Enrolled since, but this session proved no code: still refused.
    const stale = await ctx.api('GET', `/administration/impersonate-user/${target.id}`, {
      token: openedBeforeEnrolling,
    });
    expect(stale.status).toBe(403);
    const adminToken = await signInWithCode(ADMIN, secret);
    const viewing = await ctx.api('GET', `/administration/impersonate-user/${target.id}`, {
      token: adminToken,
    });
    expect(viewing.status).toBe(200);
    expect(decodeJwt(viewing.body.token).amr).toEqual(['pwd', 'otp']);
    // Viewing as him, the administrator cannot manage the target's factor.
    const own = await ctx.api('POST', '/me/second_factor', { token: viewing.body.token });
    expect(own.status).toBe(403);
    expect(descriptionOf(own)).toBe(messages.secondFactorWhileImpersonating);
    // An account without a factor is opened as before.
    const plain = await staffAccount();
    expect(
      (
        await ctx.api('GET', `/administration/impersonate-user/${plain.id}`, {
          token: adminPasswordOnly,
        })
      ).status,
    ).toBe(200);
    // Put the administrator back as the seed made him.
    await ctx.db.delete(secondFactors).where(eq(secondFactors.userId, await userIdOf(ADMIN)));
  });
});

const userIdOf = async (email: string) =>
  (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
