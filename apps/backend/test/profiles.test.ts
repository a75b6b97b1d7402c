import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../src/db/schema.js';
import { ADMIN, COMMUNICATION } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { expectItemsReadable } from './helpers/items.js';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN);
});
afterAll(() => ctx?.close());

describe('profiles', () => {
  it('reads a profile by its IRI (the IRIs news and components hand out)', async () => {
    await expectItemsReadable(ctx, '/profiles', admin);
  });

  it('lists profiles by type', async () => {
    const response = await ctx.api('GET', '/profiles?type=Mandataire', { token: admin });
    expect(response.status).toBe(200);
    expect(response.body['hydra:member'].map((p: { title: string }) => p.title)).toEqual([
      'Mandataire',
      'Mandataire - Junior',
    ]);
    expect(response.body['hydra:member'][0]).toMatchObject({
      '@id': expect.stringMatching(/^\/profiles\/\d+$/),
      type: 'Mandataire',
      name: 'ROLE_MANDATAIRE',
    });
  });

  it('adds an agent profile, prefixing its title and deriving its name', async () => {
    const response = await ctx.api('POST', '/profiles', {
      token: admin,
      body: { title: 'Senior', type: 'Mandataire', name: 'ROLE_ADMIN' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      title: 'Mandataire - Senior',
      type: 'Mandataire',
      name: 'ROLE_MANDATAIRE - SENIOR',
    });
  });

  it('adds a staff profile as titled', async () => {
    const response = await ctx.api('POST', '/profiles', {
      token: admin,
      body: { title: 'Comptabilité', type: 'Hubnup' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ title: 'Comptabilité', name: 'ROLE_COMPTABILITÉ' });
  });

  it('requires a title and refuses a duplicate', async () => {
    const empty = await ctx.api('POST', '/profiles', {
      token: admin,
      body: { title: '  ', type: 'Hubnup' },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.violations).toEqual([
      { propertyPath: 'title', message: 'Ce champ est obligatoire.', code: null },
    ]);
    const duplicate = await ctx.api('POST', '/profiles', {
      token: admin,
      body: { title: 'Communication', type: 'Hubnup' },
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.violations[0].message).toBe('Ce profil existe déjà.');
  });

  it('deletes a profile nobody holds', async () => {
    const created = await ctx.api('POST', '/profiles', {
      token: admin,
      body: { title: 'Éphémère', type: 'Hubnup' },
    });
    const response = await ctx.api('DELETE', created.body['@id'], { token: admin });
    expect(response.status).toBe(204);
    const rows = await ctx.db.select().from(profiles).where(eq(profiles.id, created.body.id));
    expect(rows).toEqual([]);
    expect((await ctx.api('DELETE', created.body['@id'], { token: admin })).status).toBe(404);
  });

  it("refuses to delete a profile users hold: 'Impossible de supprimer le profil.'", async () => {
    const [communication] = await ctx.db
      .select()
      .from(profiles)
      .where(eq(profiles.name, 'ROLE_COMMUNICATION'));
    const response = await ctx.api('DELETE', `/profiles/${communication!.id}`, { token: admin });
    expect(response.status).toBe(422);
    expect(response.body['hydra:description']).toBe('Impossible de supprimer le profil.');
  });

  it('is reserved to holders of portail_settings', async () => {
    const token = await ctx.login(COMMUNICATION);
    const response = await ctx.api('POST', '/profiles', {
      token,
      body: { title: 'Pirate', type: 'Hubnup' },
    });
    expect(response.status).toBe(403);
    expect(response.body['hydra:description']).toBe('Accès refusé.');
  });
});
