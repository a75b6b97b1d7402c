import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { createTestContext, TEST_SECRET, type TestContext } from './helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const me = (token?: string) => ctx.api('GET', '/me', { token });

async function sign(claims: Record<string, unknown>, secret: string, expiresAt: number) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuedAt(expiresAt - 3600)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));
}

const invalid = { '@type': 'hydra:Error', 'hydra:description': 'Jeton invalide ou expiré.' };

describe('GET /me', () => {
  it('answers the session fields of the bearer, without the token', async () => {
    const token = await ctx.login('julien.lefebvre@reseau-patrimoine.fr');
    const response = await me(token);
    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty('token');
    expect(response.body).toMatchObject({
      fullName: 'Julien Lefebvre',
      cgpId: 'CGP0002',
      sessionId: decodeJwt(token).sid,
      // Raised by every agent sign-in, for the news popup.
      onLoginAgent: true,
    });
  });

  it('lets a disabled user read his session', async () => {
    const token = await ctx.login('paul.durand@reseau-patrimoine.fr');
    const response = await me(token);
    expect(response.status).toBe(200);
    expect(response.body.components).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const response = await me();
    expect(response.status).toBe(401);
    expect(response.body['hydra:description']).toBe('Authentification requise.');
  });

  it('answers 401 to a tampered token', async () => {
    const token = await ctx.login('julien.lefebvre@reseau-patrimoine.fr');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, roles: ['ROLE_ADMIN'] })).toString(
      'base64url',
    );
    const response = await me(`${header}.${forged}.${signature}`);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject(invalid);
  });

  it('answers 401 to an expired token', async () => {
    const claims = decodeJwt(await ctx.login('julien.lefebvre@reseau-patrimoine.fr'));
    const token = await sign({ ...claims }, TEST_SECRET, Math.floor(Date.now() / 1000) - 60);
    const response = await me(token);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject(invalid);
  });

  it('answers 401 to a token signed with another secret', async () => {
    const claims = decodeJwt(await ctx.login('julien.lefebvre@reseau-patrimoine.fr'));
    const token = await sign(
      { ...claims },
      'another-secret-another-secret-another-secret',
      claims.exp!,
    );
    const response = await me(token);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject(invalid);
  });

  it('answers 401 to garbage and to an unsigned token', async () => {
    expect((await me('not-a-jwt')).status).toBe(401);
    const claims = decodeJwt(await ctx.login('julien.lefebvre@reseau-patrimoine.fr'));
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect((await me(none)).status).toBe(401);
  });

  it('answers 401 when the user no longer exists', async () => {
    const token = await ctx.login('communication@reseau-patrimoine.fr');
    await ctx.db.delete(users).where(eq(users.email, 'communication@reseau-patrimoine.fr'));
    const response = await me(token);
    expect(response.status).toBe(401);
  });
});
