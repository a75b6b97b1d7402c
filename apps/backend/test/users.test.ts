import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, CLAIRE } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN);
});
afterAll(() => ctx?.close());

const list = (query = '') => ctx.api('GET', `/users${query}`, { token: admin });
const emails = (body: { 'hydra:member': { email: string }[] }) =>
  body['hydra:member'].map((u) => u.email);

describe('GET /users', () => {
  it('pages 10 users sorted by profile', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body['hydra:totalItems']).toBe(6);
    const titles = response.body['hydra:member'].map(
      (u: { profile: { title: string } }) => u.profile.title,
    );
    expect(titles).toEqual([...titles].sort());
    expect(response.body['hydra:member'][0]).toMatchObject({
      '@id': expect.stringMatching(/^\/users\/\d+$/),
      email: ADMIN,
      cgpId: null,
      profile: { name: 'ROLE_ADMIN', type: 'Hubnup' },
    });
  });

  it('filters by name, e-mail and role, and orders on request', async () => {
    expect(emails((await list('?lastName=mart')).body)).toEqual([CLAIRE]);
    expect(emails((await list('?email=PETIT')).body)).toEqual(['lucas.petit@reseau-patrimoine.fr']);
    expect(emails((await list('?roles=ROLE_MANDATAIRE&displayedUser=true')).body)).toEqual([
      'julien.lefebvre@reseau-patrimoine.fr',
      CLAIRE,
    ]);
    const byEmail = emails((await list('?order[email]=desc')).body);
    expect(byEmail).toEqual([...byEmail].sort().reverse());
    expect(emails((await list('?firstName=%25')).body)).toEqual([]);
  });

  it('links the pages in hydra:view', async () => {
    const response = await list('?itemsPerPage=2&page=2&lastName=');
    expect(response.body['hydra:member']).toHaveLength(2);
    expect(response.body['hydra:view']).toMatchObject({
      'hydra:first': '/users?itemsPerPage=2&lastName=&page=1',
      'hydra:previous': '/users?itemsPerPage=2&lastName=&page=1',
      'hydra:next': '/users?itemsPerPage=2&lastName=&page=3',
      'hydra:last': '/users?itemsPerPage=2&lastName=&page=3',
    });
  });

  it('reads one user with its CGP id', async () => {
    const [claire] = (await list('?email=claire')).body['hydra:member'];
    const response = await ctx.api('GET', claire['@id'], { token: admin });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email: CLAIRE, cgpId: 'CGP0001' });
    expect((await ctx.api('GET', '/users/99999', { token: admin })).status).toBe(404);
  });
});
