import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, CLAIRE, COMMUNICATION } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { expectItemsReadable } from './helpers/items.js';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN);
});
afterAll(() => ctx?.close());

interface Component {
  '@id': string;
  id: number;
  name: string;
  profiles: string[];
}

async function component(name: string): Promise<Component> {
  const response = await ctx.api('GET', '/components', { token: admin });
  return response.body['hydra:member'].find((c: Component) => c.name === name);
}

async function profileIri(name: string): Promise<string> {
  const response = await ctx.api('GET', '/profiles', { token: admin });
  return response.body['hydra:member'].find((p: { name: string }) => p.name === name)['@id'];
}

describe('components', () => {
  it('reads a component by its IRI, for the callers of the list only', async () => {
    await expectItemsReadable(ctx, '/components', admin, await ctx.login(CLAIRE));
  });

  it('lists every component with its holders, by priority', async () => {
    const response = await ctx.api('GET', '/components', { token: admin });
    expect(response.status).toBe(200);
    const members: Component[] = response.body['hydra:member'];
    expect(response.body['hydra:totalItems']).toBe(members.length);
    expect(members[0]).toMatchObject({ name: 'home_page', page: true, type: 'page' });
    const news = members.find((c) => c.name === 'home_news')!;
    expect(news).toMatchObject({ page: false, type: 'component' });
    expect(news.profiles).toContain(await profileIri('ROLE_MANDATAIRE'));
  });

  it('saves a toggle: the agent loses the component at once in the backend', async () => {
    const users = await component('users_page');
    const agentIri = await profileIri('ROLE_MANDATAIRE');
    const exportComponent = await component('customers_export');
    const response = await ctx.api('PUT', exportComponent['@id'], {
      token: admin,
      body: {
        ...exportComponent,
        profiles: exportComponent.profiles.filter((p) => p !== agentIri),
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.profiles).not.toContain(agentIri);
    const session = await ctx.api('GET', '/me', { token: await ctx.login(CLAIRE) });
    expect(session.body.components).not.toContain('customers_export');
    expect(users.profiles).toHaveLength(1);
  });

  it('accepts profile ids as well as IRIs', async () => {
    const target = await component('news_page');
    const id = Number((await profileIri('ROLE_COMMUNICATION')).split('/').pop());
    const response = await ctx.api('PUT', target['@id'], {
      token: admin,
      body: { profiles: [...target.profiles, id] },
    });
    expect(response.status).toBe(200);
    expect(response.body.profiles).toContain(`/profiles/${id}`);
  });

  it('answers 422 with a French message for an unknown profile', async () => {
    const target = await component('news_page');
    const response = await ctx.api('PUT', target['@id'], {
      token: admin,
      body: { profiles: [...target.profiles, '/profiles/99999'] },
    });
    expect(response.status).toBe(422);
    expect(response.body['hydra:description']).toBe(
      "profiles: Le profil « /profiles/99999 » n'existe pas.",
    );
    expect((await component('news_page')).profiles).toEqual(target.profiles);
  });

  it('answers 404 for an unknown component', async () => {
    const response = await ctx.api('PUT', '/components/99999', {
      token: admin,
      body: { profiles: [] },
    });
    expect(response.status).toBe(404);
  });

  it('keeps an administrator from locking himself out of the portal page', async () => {
    const portail = await component('portail_page');
    const adminIri = await profileIri('ROLE_ADMIN');
    const response = await ctx.api('PUT', portail['@id'], {
      token: admin,
      body: { profiles: portail.profiles.filter((p) => p !== adminIri) },
    });
    expect(response.status).toBe(422);
    expect(response.body.violations[0].message).toBe(
      'Vous ne pouvez pas retirer ce composant de votre propre profil.',
    );
  });

  it('is refused to staff without a matrix component', async () => {
    const token = await ctx.login(COMMUNICATION);
    expect((await ctx.api('GET', '/components', { token })).status).toBe(403);
  });
});
