import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, COMMUNICATION } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN);
});
afterAll(() => ctx?.close());

const save = (body: unknown) =>
  ctx.api('PATCH', '/odysseal/roles', {
    token: admin,
    body,
    headers: { 'content-type': 'application/merge-patch+json' },
  });

describe('training-platform role mapping', () => {
  it('lists every profile with its mapped role, Admin as ROLE_ADMIN by default', async () => {
    const response = await ctx.api('GET', '/odysseal/roles', { token: admin });
    expect(response.status).toBe(200);
    // No item operation names a mapping: each is a blank node (a genid), typed.
    for (const member of response.body['hydra:member'])
      expect(member).toMatchObject({
        '@id': expect.stringMatching(/^\/\.well-known\/genid\//),
        '@type': 'RoleMapping',
      });
    expect(
      response.body['hydra:member'].map(
        ({ '@id': _id, '@type': _type, ...mapping }: Record<string, unknown>) => mapping,
      ),
    ).toEqual([
      { name: 'ROLE_ADMIN', title: 'Admin', mappedRole: 'ROLE_ADMIN' },
      { name: 'ROLE_COMMUNICATION', title: 'Communication', mappedRole: null },
      { name: 'ROLE_MANDATAIRE', title: 'Mandataire', mappedRole: 'ROLE_TRAINED' },
      {
        name: 'ROLE_MANDATAIRE - JUNIOR',
        title: 'Mandataire - Junior',
        mappedRole: 'ROLE_TRAINED',
      },
    ]);
  });

  it('saves the listed profiles and keeps the others', async () => {
    const response = await save([
      { name: 'ROLE_COMMUNICATION', title: 'Communication', mappedRole: 'ROLE_RP' },
      { name: 'ROLE_MANDATAIRE', mappedRole: 'ROLE_TRAINER' },
    ]);
    expect(response.status).toBe(200);
    const byName = Object.fromEntries(
      response.body['hydra:member'].map((m: { name: string; mappedRole: string | null }) => [
        m.name,
        m.mappedRole,
      ]),
    );
    expect(byName).toEqual({
      ROLE_ADMIN: 'ROLE_ADMIN',
      ROLE_COMMUNICATION: 'ROLE_RP',
      ROLE_MANDATAIRE: 'ROLE_TRAINER',
      'ROLE_MANDATAIRE - JUNIOR': 'ROLE_TRAINED',
    });
  });

  it('requires at least one administrator', async () => {
    const response = await save([{ name: 'ROLE_ADMIN', mappedRole: null }]);
    expect(response.status).toBe(422);
    expect(response.body.violations[0].message).toBe(
      'Vous devez sélectionnez au moins un administrateur',
    );
    const after = await ctx.api('GET', '/odysseal/roles', { token: admin });
    expect(after.body['hydra:member'][0].mappedRole).toBe('ROLE_ADMIN');
  });

  it('moves the administrator role in one save', async () => {
    const response = await save([
      { name: 'ROLE_ADMIN', mappedRole: null },
      { name: 'ROLE_COMMUNICATION', mappedRole: 'ROLE_ADMIN' },
    ]);
    expect(response.status).toBe(200);
  });

  it('refuses unknown profiles and roles', async () => {
    expect((await save([{ name: 'ROLE_INCONNU', mappedRole: 'ROLE_ADMIN' }])).status).toBe(422);
    const unknownRole = await save([{ name: 'ROLE_ADMIN', mappedRole: 'ROLE_ROOT' }]);
    expect(unknownRole.status).toBe(422);
    expect(unknownRole.body.violations[0].propertyPath).toBe('[0].mappedRole');
    expect((await save([])).status).toBe(422);
  });

  it('is reserved to holders of odysseal_roles_page', async () => {
    const token = await ctx.login(COMMUNICATION);
    expect((await ctx.api('GET', '/odysseal/roles', { token })).status).toBe(403);
  });
});
