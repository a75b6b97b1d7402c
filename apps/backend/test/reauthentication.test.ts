import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password.js';
import { randomToken } from '../src/crypto.js';
import { profiles, trackingSessions, users } from '../src/db/schema.js';
import { JULIEN, LUCAS } from './helpers/accounts.js';
import { createTestContext, DEMO_PASSWORD, type TestContext } from './helpers/context.js';

// The default limit (5 wrong answers per user in 15 minutes), as production runs it.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const LOCKED =
  'Trop de tentatives de mot de passe : la session a été fermée. Reconnectez-vous pour continuer.';

const userIdOf = async (email: string) =>
  (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const me = (token: string) => ctx.api('GET', '/me', { token });
const sidOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

async function staffUser(): Promise<string> {
  const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.type, 'Hubnup'));
  const email = `reauth.${randomToken().slice(0, 10).toLowerCase()}@reseau-patrimoine.fr`;
  await ctx.db.insert(users).values({
    email,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    firstName: 'Reauth',
    lastName: 'Test',
    roles: [profile!.name],
    profileId: profile!.id,
  });
  return email;
}

describe('guessing the current password behind a token', () => {
  it('PUT /me/password: 4 wrong answers are 422, the 5th ends the session with a 429', async () => {
    const email = await staffUser();
    const token = await ctx.login(email);
    const other = await ctx.login(email);
    const guess = (currentPassword: string) =>
      ctx.api('PUT', '/me/password', {
        token,
        body: { currentPassword, newPassword: 'Nouveau2026!' },
      });
    for (let n = 1; n <= 4; n++) expect((await guess(`Mauvais${n}!`)).status).toBe(422);
    const locked = await guess('Mauvais5!');
    expect(locked.status).toBe(429);
    expect(locked.body['hydra:description']).toBe(LOCKED);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The session that guessed is over, even the right password cannot come through it.
    expect((await guess(DEMO_PASSWORD)).status).toBe(401);
    expect((await me(token)).status).toBe(401);
    const [row] = await ctx.db
      .select()
      .from(trackingSessions)
      .where(eq(trackingSessions.id, sidOf(token)));
    expect(row?.endReason).toBe('reauth');
    // Another token of the user is refused too while the count stands, and ends.
    const viaOther = await ctx.api('PUT', '/me/password', {
      token: other,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Nouveau2026!' },
    });
    expect(viaOther.status).toBe(429);
    expect((await me(other)).status).toBe(401);
    // Signing in again proves the password and clears the count.
    const fresh = await ctx.login(email);
    const changed = await ctx.api('PUT', '/me/password', {
      token: fresh,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Nouveau2026!' },
    });
    expect(changed.status).toBe(204);
  });

  it('counts the wrong answers of the e-mail and password forms of one user together', async () => {
    const julien = await userIdOf(JULIEN);
    const token = await ctx.login(JULIEN);
    const email = (currentPassword: string) =>
      ctx.api('PATCH', `/users/change_email/${julien}`, {
        token,
        body: { email: 'julien.nouveau@reseau-patrimoine.fr', currentPassword },
        headers: { 'content-type': 'application/merge-patch+json' },
      });
    const password = (currentPassword: string) =>
      ctx.api('POST', `/change_password/${julien}`, {
        token,
        body: { currentPassword, password: 'Nouveau2026!' },
      });
    expect((await email('Mauvais1!')).status).toBe(422);
    expect((await email('Mauvais2!')).status).toBe(422);
    expect((await password('Mauvais3!')).status).toBe(422);
    expect((await password('Mauvais4!')).status).toBe(422);
    const locked = await email('Mauvais5!');
    expect(locked.status).toBe(429);
    expect(locked.body['hydra:description']).toBe(LOCKED);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await me(token)).status).toBe(401);
    // Nothing changed on the way.
    expect(
      (await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, julien)))[0]
        ?.email,
    ).toBe(JULIEN);
  });

  it('leaves other users alone, and the right answer does not count', async () => {
    const lucas = await userIdOf(LUCAS);
    const token = await ctx.login(LUCAS);
    for (let n = 1; n <= 6; n++) {
      const same = await ctx.api('PATCH', `/users/change_email/${lucas}`, {
        token,
        body: { email: LUCAS, currentPassword: DEMO_PASSWORD },
        headers: { 'content-type': 'application/merge-patch+json' },
      });
      expect(same.status).toBe(200);
    }
    expect((await me(token)).status).toBe(200);
  });
});
