import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const cgp = (id: string, token?: string) => ctx.api('GET', `/cgp/${id}`, { token });

describe('GET /cgp/{id}', () => {
  it('lets an agent read himself', async () => {
    const response = await cgp('CGP0001', await ctx.login('claire.martin@reseau-patrimoine.fr'));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(response.body).toMatchObject({
      '@id': '/cgp/CGP0001',
      '@type': 'Cgp',
      agent: {
        idCgp: 'CGP0001',
        firstname: 'Claire',
        lastname: 'Martin',
        fullName: 'Claire Martin',
        sponsor: null,
      },
    });
    // An agent holds team_detail_infos: the profile block, without address or bank details.
    expect(response.body.agent.infos).toMatchObject({
      email: 'claire.martin@reseau-patrimoine.fr',
      level: expect.any(Number),
      habilitationIobsp: expect.any(Boolean),
    });
    expect(JSON.stringify(response.body)).not.toMatch(/iban|postalAddress|siret/i);
  });

  it('hides other agents from an agent, existing or not', async () => {
    const token = await ctx.login('julien.lefebvre@reseau-patrimoine.fr');
    const other = await cgp('CGP0001', token);
    const missing = await cgp('CGP9999', token);
    expect(other.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(other.body).toEqual(missing.body);
  });

  it('lets staff read any agent', async () => {
    const token = await ctx.login('communication@reseau-patrimoine.fr');
    const response = await cgp('CGP0002', token);
    expect(response.status).toBe(200);
    // Communication does not hold team_detail_infos: name and sponsor only.
    expect(response.body.agent).toEqual({
      idCgp: 'CGP0002',
      firstname: 'Julien',
      lastname: 'Lefebvre',
      fullName: 'Julien Lefebvre',
      sponsor: { fullName: 'Claire Martin', idCgp: 'CGP0001' },
    });
    expect((await cgp('CGP9999', token)).status).toBe(404);
  });

  it('forbids a disabled user, even on himself', async () => {
    const response = await cgp('CGP0003', await ctx.login('paul.durand@reseau-patrimoine.fr'));
    expect(response.status).toBe(403);
    expect(response.body['hydra:description']).toBe('Votre compte est désactivé.');
  });

  it('answers a broken percent-encoding in the path with a French Hydra 400', async () => {
    for (const token of [undefined, await ctx.login('claire.martin@reseau-patrimoine.fr')]) {
      const response = await cgp('%E0%A4%A', token);
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
      expect(response.body['hydra:description']).toBe(
        "L'adresse demandée n'est pas valide (encodage incorrect).",
      );
    }
  });

  it('requires a token', async () => {
    expect((await cgp('CGP0001')).status).toBe(401);
  });
});

describe('GET /cgp/{id} — team scope', () => {
  it('lets an agent read his whole downline, not his sponsor', async () => {
    const claire = await ctx.login('claire.martin@reseau-patrimoine.fr');
    expect((await cgp('CGP0002', claire)).status).toBe(200);
    expect((await cgp('CGP0004', claire)).status).toBe(200);
    expect((await cgp('CGP0003', claire)).status).toBe(404);
    const lucas = await ctx.login('lucas.petit@reseau-patrimoine.fr');
    expect((await cgp('CGP0002', lucas)).status).toBe(404);
  });
});
