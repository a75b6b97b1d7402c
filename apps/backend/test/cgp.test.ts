import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../src/db/schema.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { insertStaffProfile, insertStaffUser } from './helpers/staff.js';

let ctx: TestContext;
const ADDRESS = {
  postalAddress: '12 rue des Lilas',
  postalCode: '69003',
  postalCity: 'Lyon',
  company: 'Martin Conseil',
  siret: '12345678900011',
  vatIdNumber: 'FR12123456789',
  iban: 'FR7630006000011234567890189',
  microEnterprise: true,
};
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db
    .update(agents)
    .set({ ...ADDRESS, birthday: '1980-05-04', registerDate: '2020-01-15' })
    .where(inArray(agents.cgpId, ['CGP0001', 'CGP0002']));
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
    // An agent holds team_detail_infos: the profile block where the spec names the Agent's
    // fields, and, on himself, his address and bank details.
    expect(response.body.agent).toMatchObject({
      email: 'claire.martin@reseau-patrimoine.fr',
      birthday: '1980-05-04',
      registerDate: '2020-01-15',
      branchesActives: expect.any(Array),
      vavcTotal: expect.any(Number),
      level: expect.any(Number),
      habilitationIobsp: expect.any(Boolean),
      habilitationIas: expect.any(Boolean),
      habilitationCif: expect.any(Boolean),
      address: ADDRESS,
    });
    for (const key of ['phoneNumber', 'qualification', 'oriasNumber', 'oriasEndOfValidity'])
      expect(response.body.agent).toHaveProperty(key);
    expect(response.body.agent).not.toHaveProperty('infos');
  });

  it('gives the address to the agent himself and to staff holding the account components only', async () => {
    // His sponsor reaches him, holds team_detail_infos, but not his address.
    const sponsor = await cgp('CGP0002', await ctx.login('claire.martin@reseau-patrimoine.fr'));
    expect(sponsor.status).toBe(200);
    expect(sponsor.body.agent.level).toEqual(expect.any(Number));
    expect(sponsor.body.agent).not.toHaveProperty('address');
    expect(JSON.stringify(sponsor.body)).not.toMatch(/iban|postalAddress|siret/i);
    // The administrator holds every component.
    const admin = await cgp('CGP0002', await ctx.login('admin@reseau-patrimoine.fr'));
    expect(admin.body.agent.address).toEqual(ADDRESS);
    // Staff holding the team detail without the account components.
    const profile = await insertStaffProfile(ctx.db, 'Equipes sans comptes', [
      'team_detail_page',
      'team_detail_infos',
      'account_page',
    ]);
    await insertStaffUser(ctx.db, profile, 'equipes@exemple.fr');
    const teams = await cgp('CGP0002', await ctx.login('equipes@exemple.fr'));
    expect(teams.status).toBe(200);
    expect(teams.body.agent.level).toEqual(expect.any(Number));
    expect(teams.body.agent).not.toHaveProperty('address');
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
