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
