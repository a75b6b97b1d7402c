import { eq, sql } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password.js';
import { randomToken, sha256 } from '../src/crypto.js';
import {
  impersonationAudit,
  profiles,
  resetPasswordTokens,
  trackingSessions,
  users,
} from '../src/db/schema.js';
import { ADMIN, CLAIRE, JULIEN, LUCAS } from './helpers/accounts.js';
import {
  DEMO_PASSWORD,
  TEST_SECRET,
  createTestContext,
  type TestContext,
} from './helpers/context.js';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext({ SESSION_IDLE_TIMEOUT: '30m' });
  admin = await ctx.login(ADMIN);
});
afterAll(() => ctx?.close());

const me = (token: string) => ctx.api('GET', '/me', { token });
const userId = async (email: string) =>
  (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const sidOf = (token: string) => decodeJwt(token).sid as string;

/** A throw-away agent-less staff user, so that tests may change his password or delete him. */
async function newUser(): Promise<string> {
  const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.type, 'Hubnup'));
  const email = `session.${randomToken().slice(0, 10).toLowerCase()}@reseau-patrimoine.fr`;
  await ctx.db.insert(users).values({
    email,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    firstName: 'Session',
    lastName: 'Test',
    roles: [profile!.name],
    profileId: profile!.id,
  });
  return email;
}

describe('server-side sessions', () => {
  it('refuses a token after logout, but not the other sessions of the user', async () => {
    const first = await ctx.login(CLAIRE);
    const second = await ctx.login(CLAIRE);
    // The same session handed to the sibling app dies with it.
    const handoff = await ctx.api('POST', '/auth/handoff', { token: first });
    const exchanged = await ctx.api('POST', '/auth/handoff/exchange', {
      body: { code: handoff.body.code },
    });
    expect((await me(exchanged.body.token)).status).toBe(200);

    expect((await ctx.api('POST', '/logout', { token: first })).status).toBe(204);
    expect((await me(first)).status).toBe(401);
    expect((await me(exchanged.body.token)).status).toBe(401);
    expect((await ctx.api('POST', '/logout', { token: first })).status).toBe(401);
    expect((await me(second)).status).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(trackingSessions)
      .where(eq(trackingSessions.id, sidOf(first)));
    expect(row).toMatchObject({ endReason: 'logout', endedAt: expect.any(Date) });
  });

  it('a password change keeps the caller signed in and ends every other session', async () => {
    const email = await newUser();
    const mine = await ctx.login(email);
    const elsewhere = await ctx.login(email);
    const wrong = await ctx.api('PUT', '/me/password', {
      token: mine,
      body: { currentPassword: 'Mauvais2026!', newPassword: 'Nouveau2026!' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.violations[0]).toMatchObject({
      propertyPath: 'currentPassword',
      message: 'Le mot de passe actuel est incorrect.',
    });
    const weak = await ctx.api('PUT', '/me/password', {
      token: mine,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'faible' },
    });
    expect(weak.status).toBe(422);
    expect(weak.body.violations[0].propertyPath).toBe('newPassword');
    expect((await me(elsewhere)).status).toBe(200);

    const changed = await ctx.api('PUT', '/me/password', {
      token: mine,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Nouveau2026!' },
    });
    expect(changed.status).toBe(204);
    expect((await me(mine)).status).toBe(200);
    expect((await me(elsewhere)).status).toBe(401);
    expect(
      (await ctx.api('POST', '/token', { body: { email, password: 'Nouveau2026!' } })).status,
    ).toBe(200);
  });

  it('a password reset ends every session of the user', async () => {
    const email = await newUser();
    const token = await ctx.login(email);
    const link = randomToken();
    await ctx.db.insert(resetPasswordTokens).values({
      userId: await userId(email),
      tokenHash: sha256(link),
      expiresAt: new Date(Date.now() + 600_000),
    });
    const reset = await ctx.api('POST', `/reset_password_tokens/${link}`, {
      body: { password: 'Nouveau2026!' },
    });
    expect(reset.status, reset.text).toBe(204);
    expect((await me(token)).status).toBe(401);
  });

  it('deactivation ends every session at once; deletion too', async () => {
    const email = await newUser();
    const token = await ctx.login(email);
    // However the account is suspended (here plain SQL), the database ends its sessions.
    await ctx.db
      .update(users)
      .set({ roles: sql`${users.roles} || '["ROLE_DISABLED"]'::jsonb` })
      .where(eq(users.email, email));
    expect((await me(token)).status).toBe(401);
    // A suspended user may still sign in, to be told why nothing opens.
    const again = await ctx.login(email);
    expect((await me(again)).status).toBe(200);
    expect((await ctx.api('GET', '/users', { token: again })).status).toBe(403);

    const other = await newUser();
    const otherToken = await ctx.login(other);
    await ctx.db.delete(users).where(eq(users.email, other));
    expect((await me(otherToken)).status).toBe(401);
  });

  it('lets an administrator list and end the sessions of a user', async () => {
    const lucas = await ctx.login(LUCAS);
    const id = await userId(LUCAS);
    const list = await ctx.api('GET', `/users/${id}/sessions`, { token: admin });
    expect(list.status).toBe(200);
    const entry = list.body['hydra:member'].find((s: { id: string }) => s.id === sidOf(lucas));
    expect(entry).toMatchObject({
      '@id': `/sessions/${sidOf(lucas)}`,
      '@type': 'UserSession',
      current: false,
      impersonator: null,
    });
    expect((await ctx.api('DELETE', `/sessions/${sidOf(lucas)}`, { token: admin })).status).toBe(
      204,
    );
    expect((await me(lucas)).status).toBe(401);
    expect((await ctx.api('DELETE', `/sessions/${sidOf(lucas)}`, { token: admin })).status).toBe(
      404,
    );
    const after = await ctx.api('GET', `/users/${id}/sessions`, { token: admin });
    expect(after.body['hydra:member'].map((s: { id: string }) => s.id)).not.toContain(sidOf(lucas));
    expect((await ctx.api('GET', '/users/999999/sessions', { token: admin })).status).toBe(404);
  });

  it('ends a session idle for longer than SESSION_IDLE_TIMEOUT', async () => {
    const token = await ctx.login(JULIEN);
    expect((await me(token)).status).toBe(200);
    await ctx.db
      .update(trackingSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(trackingSessions.id, sidOf(token)));
    expect((await me(token)).status).toBe(401);
  });

  it('refreshes last_seen_at at most once a minute', async () => {
    const token = await ctx.login(JULIEN);
    const seen = async () =>
      (
        await ctx.db
          .select({ at: trackingSessions.lastSeenAt })
          .from(trackingSessions)
          .where(eq(trackingSessions.id, sidOf(token)))
      )[0]!.at.getTime();
    const old = new Date(Date.now() - 5 * 60_000);
    await ctx.db
      .update(trackingSessions)
      .set({ lastSeenAt: old })
      .where(eq(trackingSessions.id, sidOf(token)));
    await me(token);
    const refreshed = await seen();
    expect(refreshed).toBeGreaterThan(old.getTime());
    await me(token);
    expect(await seen()).toBe(refreshed);
  });

  it('refuses tokens without exp, and sessions of another user', async () => {
    const claire = decodeJwt(await ctx.login(CLAIRE));
    const key = new TextEncoder().encode(TEST_SECRET);
    const { exp: _exp, iat: _iat, ...claims } = claire;
    const noExp = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect((await me(noExp)).status).toBe(401);
    const julien = decodeJwt(await ctx.login(JULIEN));
    const mixed = await new SignJWT({ ...claims, sid: julien.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(key);
    expect((await me(mixed)).status).toBe(401);
    const notUuid = await new SignJWT({ ...claims, sid: 'pas-un-uuid' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(key);
    expect((await me(notUuid)).status).toBe(401);
  });

  it('keeps impersonation working; signing out of it ends the impersonation only', async () => {
    const id = await userId(CLAIRE);
    const started = await ctx.api('GET', `/administration/impersonate-user/${id}`, {
      token: admin,
    });
    expect(started.status).toBe(200);
    const impersonated = started.body.token as string;
    expect((await me(impersonated)).body.isImpersonateUser).toBe(true);
    const listed = await ctx.api('GET', `/users/${id}/sessions`, { token: admin });
    expect(
      listed.body['hydra:member'].find((s: { id: string }) => s.id === sidOf(impersonated)),
    ).toMatchObject({ impersonator: { fullName: expect.any(String) } });
    // Changing the target's password while viewing as him is refused.
    const change = await ctx.api('PUT', '/me/password', {
      token: impersonated,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Nouveau2026!' },
    });
    expect(change.status).toBe(403);

    expect((await ctx.api('POST', '/logout', { token: impersonated })).status).toBe(204);
    expect((await me(impersonated)).status).toBe(401);
    expect((await me(admin)).status).toBe(200);
    const [audit] = await ctx.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.id, decodeJwt(impersonated).impAudit as number));
    expect(audit!.endedAt).not.toBeNull();

    // Exiting ends the impersonated session as well.
    const again = await ctx.api('GET', `/administration/impersonate-user/${id}`, {
      token: admin,
    });
    await ctx.api('POST', '/administration/impersonate-user/exit', { token: again.body.token });
    const [row] = await ctx.db
      .select()
      .from(trackingSessions)
      .where(eq(trackingSessions.id, sidOf(again.body.token)));
    expect(row!.endReason).toBe('impersonation-ended');
  });
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs in with the given request headers (User-Agent, X-Forwarded-For). */
async function loginFrom(email: string, headers: Record<string, string>) {
  const response = await ctx.api('POST', '/token', {
    body: { email, password: DEMO_PASSWORD },
    headers,
  });
  expect(response.status).toBe(200);
  return response.body.token as string;
}

interface Listed {
  id: string;
  current: boolean;
  device: string | null;
  ipAddress: string | null;
  impersonator: unknown;
}
const listOf = async (token: string, id: number) => {
  const response = await ctx.api('GET', `/users/${id}/sessions`, { token });
  expect(response.status, response.text).toBe(200);
  return response.body['hydra:member'] as Listed[];
};

describe("a user's own sessions (issue 42)", () => {
  it('lists his sessions with device and address, and marks the current one', async () => {
    const email = await newUser();
    const id = await userId(email);
    const pc = await ctx.login(email);
    // The address is request.ip: without TRUST_PROXY a forwarded header is the client's own word
    // (login.test.ts proves request.ip behind the proxies it names).
    const phone = await loginFrom(email, {
      'user-agent': IPHONE,
      'x-forwarded-for': '203.0.113.7',
    });
    // A user without users_edit_page (an agent) reads his own sessions.
    const listed = await listOf(await ctx.login(CLAIRE), await userId(CLAIRE));
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    const mine = await listOf(phone, id);
    expect(mine.map((s) => s.id)).toEqual([sidOf(phone), sidOf(pc)]);
    expect(mine[0]).toMatchObject({ current: true, device: 'Smartphone', ipAddress: '127.0.0.1' });
    expect(mine[1]).toMatchObject({ current: false, device: 'PC', impersonator: null });
  });

  it('ends one of his other sessions: its next call is a 401, his own goes on', async () => {
    const email = await newUser();
    const id = await userId(email);
    const mine = await ctx.login(email);
    const other = await ctx.login(email);
    // The same session handed to the sibling app dies with it.
    const handoff = await ctx.api('POST', '/auth/handoff', { token: other });
    const exchanged = await ctx.api('POST', '/auth/handoff/exchange', {
      body: { code: handoff.body.code },
    });
    const ended = await ctx.api('DELETE', `/sessions/${sidOf(other)}`, { token: mine });
    expect(ended.status, ended.text).toBe(204);
    expect((await me(other)).status).toBe(401);
    expect((await me(exchanged.body.token)).status).toBe(401);
    expect((await me(mine)).status).toBe(200);
    expect((await listOf(mine, id)).map((s) => s.id)).toEqual([sidOf(mine)]);
    const [row] = await ctx.db
      .select()
      .from(trackingSessions)
      .where(eq(trackingSessions.id, sidOf(other)));
    expect(row!.endReason).toBe('self');
  });

  it("ends all his others at once; an administrator's view of his account stays", async () => {
    const claireId = await userId(CLAIRE);
    const mine = await ctx.login(CLAIRE);
    const others = [await ctx.login(CLAIRE), await ctx.login(CLAIRE)];
    const viewing = await ctx.api('GET', `/administration/impersonate-user/${claireId}`, {
      token: admin,
    });
    const impersonated = viewing.body.token as string;
    const response = await ctx.api('DELETE', `/users/${claireId}/sessions`, { token: mine });
    expect(response.status, response.text).toBe(200);
    expect(response.body.ended).toBeGreaterThanOrEqual(2);
    for (const token of others) expect((await me(token)).status).toBe(401);
    expect((await me(mine)).status).toBe(200);
    expect((await me(impersonated)).status).toBe(200);
    const left = await listOf(mine, claireId);
    expect(left.map((s) => s.id).sort()).toEqual([sidOf(mine), sidOf(impersonated)].sort());

    // He cannot end the administrator's view (it needs the administrator's rights) ...
    const refused = await ctx.api('DELETE', `/sessions/${sidOf(impersonated)}`, { token: mine });
    expect(refused.status).toBe(403);
    expect(refused.body['hydra:description']).toBe(
      "Cet utilisateur dispose de droits que vous n'avez pas.",
    );
    // ... and the administrator viewing as him cannot end his sessions.
    for (const [method, path] of [
      ['DELETE', `/sessions/${sidOf(mine)}`],
      ['DELETE', `/users/${claireId}/sessions`],
    ] as const) {
      const asHim = await ctx.api(method, path, { token: impersonated });
      expect(asHim.status).toBe(403);
      expect(asHim.body['hydra:description']).toMatch(/en tant qu'un autre utilisateur/);
    }
    expect((await me(mine)).status).toBe(200);
    await ctx.api('POST', '/administration/impersonate-user/exit', { token: impersonated });
  });

  it("refuses another user's sessions to an agent, whatever the id, and bad input in French", async () => {
    const claire = await ctx.login(CLAIRE);
    const julien = await ctx.login(JULIEN);
    const julienId = await userId(JULIEN);
    for (const [method, path] of [
      ['GET', `/users/${julienId}/sessions`],
      ['GET', '/users/999999/sessions'],
      ['DELETE', `/users/${julienId}/sessions`],
      ['DELETE', `/sessions/${sidOf(julien)}`],
      ['DELETE', '/sessions/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await ctx.api(method, path, { token: claire });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body['hydra:description']).toBe('Accès refusé.');
    }
    expect((await me(julien)).status).toBe(200);
    for (const [method, path] of [
      ['DELETE', '/sessions/pas-un-uuid'],
      ['GET', '/users/abc/sessions'],
      ['DELETE', '/users/0/sessions'],
    ] as const) {
      const response = await ctx.api(method, path, { token: claire });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(response.body['hydra:description']).toMatch(/^Requête invalide\. path\.id : doit/);
    }
    // The administrator's own session of another user: a 404 once ended, as before.
    const ended = await ctx.api('DELETE', `/sessions/${sidOf(julien)}`, { token: admin });
    expect(ended.status).toBe(204);
    expect((await ctx.api('DELETE', `/sessions/${sidOf(julien)}`, { token: admin })).status).toBe(
      404,
    );
    // His own session once ended: a 404 too, not a refusal.
    const gone = await ctx.login(CLAIRE);
    await ctx.api('POST', '/logout', { token: gone });
    const again = await ctx.api('DELETE', `/sessions/${sidOf(gone)}`, { token: claire });
    expect(again.status).toBe(404);
  });
});
