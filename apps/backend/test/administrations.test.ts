import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, CLAIRE } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { expectItemsReadable } from './helpers/items.js';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN);
});
afterAll(() => ctx?.close());

const patch = (id: string, body: unknown, contentType = 'application/merge-patch+json') =>
  ctx.api('PATCH', id, { token: admin, body, headers: { 'content-type': contentType } });

describe('portal settings', () => {
  it('reads the settings by their IRI, for the callers of the list only', async () => {
    await expectItemsReadable(ctx, '/administrations', admin, await ctx.login(CLAIRE));
  });

  it('lists the single settings row and serves its support e-mail publicly', async () => {
    const list = await ctx.api('GET', '/administrations', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body['hydra:member']).toEqual([
      expect.objectContaining({ supportEmail: 'support@reseau-patrimoine.fr' }),
    ]);
    const open = await ctx.api('GET', '/public/settings');
    expect(open.status).toBe(200);
    expect(open.body).toEqual({ supportEmail: 'support@reseau-patrimoine.fr' });
  });

  it('changes the support e-mail with merge-patch', async () => {
    const [settings] = (await ctx.api('GET', '/administrations', { token: admin })).body[
      'hydra:member'
    ];
    const response = await patch(settings['@id'], { supportEmail: ' aide@reseau-patrimoine.fr ' });
    expect(response.status).toBe(200);
    expect(response.body.supportEmail).toBe('aide@reseau-patrimoine.fr');
    expect((await ctx.api('GET', '/public/settings')).body.supportEmail).toBe(
      'aide@reseau-patrimoine.fr',
    );
    expect((await patch(settings['@id'], {})).body.supportEmail).toBe('aide@reseau-patrimoine.fr');
  });

  it.each([
    ['', 'Ce champ est obligatoire.'],
    [null, 'Ce champ est obligatoire.'],
    ['pas-une-adresse', "Cette valeur n'est pas une adresse email valide."],
  ])('refuses %j', async (supportEmail, message) => {
    const [settings] = (await ctx.api('GET', '/administrations', { token: admin })).body[
      'hydra:member'
    ];
    const response = await patch(settings['@id'], { supportEmail });
    expect(response.status).toBe(422);
    expect(response.body.violations).toEqual([
      { propertyPath: 'supportEmail', message, code: null },
    ]);
  });

  it('refuses a second settings row and unknown ids', async () => {
    const response = await ctx.api('POST', '/administrations', {
      token: admin,
      body: { supportEmail: 'autre@reseau-patrimoine.fr' },
    });
    expect(response.status).toBe(422);
    expect((await patch('/administrations/9999', { supportEmail: 'a@b.fr' })).status).toBe(404);
  });

  it('refuses a NUL character in the body with a 400, storing nothing', async () => {
    const response = await patch('/administrations/1', { supportEmail: 'a\u0000@b.fr' });
    expect(response.status).toBe(400);
    expect(response.body['hydra:description']).toContain('caractère nul');
    expect((await ctx.api('GET', '/public/settings')).body.supportEmail).not.toContain('\u0000');
  });

  it('rejects a PATCH sent as text', async () => {
    const response = await ctx.api('PATCH', '/administrations/1', {
      token: admin,
      raw: 'supportEmail=a@b.fr',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(415);
  });
});
