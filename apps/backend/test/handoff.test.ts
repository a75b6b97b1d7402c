import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handoffCodes } from '../src/db/schema.js';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const create = (token?: string) => ctx.api('POST', '/auth/handoff', { token });
const exchange = (code: string) => ctx.api('POST', '/auth/handoff/exchange', { body: { code } });

describe('session hand-off', () => {
  it('exchanges a code once for a session with the same claims', async () => {
    const token = await ctx.login('claire.martin@reseau-patrimoine.fr');
    const created = await create(token);
    expect(created.status).toBe(201);
    expect(created.body.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ttl = Date.parse(created.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);

    const exchanged = await exchange(created.body.code);
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toMatchObject({
      email: 'claire.martin@reseau-patrimoine.fr',
      cgpId: 'CGP0001',
    });
    const before = decodeJwt(token);
    const after = decodeJwt(exchanged.body.token);
    expect(after).toMatchObject({
      sub: before.sub,
      roles: before.roles,
      username: before.username,
      sid: before.sid,
    });
    expect(exchanged.body.sessionId).toBe(before.sid);
    expect((await ctx.api('GET', '/me', { token: exchanged.body.token })).status).toBe(200);

    const again = await exchange(created.body.code);
    expect(again.status).toBe(401);
    expect(again.body['hydra:description']).toBe('Code de transfert invalide ou expiré.');
  });

  it('refuses an expired code', async () => {
    const created = await create(await ctx.login('admin@reseau-patrimoine.fr'));
    await ctx.db.update(handoffCodes).set({ expiresAt: new Date(Date.now() - 1) });
    const response = await exchange(created.body.code);
    expect(response.status).toBe(401);
    expect(response.body['hydra:description']).toBe('Code de transfert invalide ou expiré.');
  });

  it('refuses a code whose session has ended since (ASVS 7.4.1)', async () => {
    const token = await ctx.login('julien.lefebvre@reseau-patrimoine.fr');
    const created = await create(token);
    expect((await ctx.api('POST', '/logout', { token })).status).toBe(204);
    const response = await exchange(created.body.code);
    expect(response.status).toBe(401);
    expect(response.body['hydra:description']).toBe('Code de transfert invalide ou expiré.');
  });

  it('refuses an unknown code and a malformed one', async () => {
    expect((await exchange('x'.repeat(43))).status).toBe(401);
    // Out of the contract's pattern: a violation of the field.
    expect((await exchange('court')).status).toBe(422);
  });

  it('requires a bearer token to create a code', async () => {
    expect((await create()).status).toBe(401);
  });

  it('refuses a suspended account a code, as his other calls (issue 37)', async () => {
    const created = await create(await ctx.login('paul.durand@reseau-patrimoine.fr'));
    expect(created.status).toBe(403);
    expect(created.body['hydra:description']).toBe('Votre compte est désactivé.');
  });
});
