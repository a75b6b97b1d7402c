import { eq } from 'drizzle-orm';
import { components, profiles } from '../../../src/db/schema.js';
import type { Fixtures } from '../roles.js';
import { NOT_AGENT_DATA } from './shared.js';
import type { Example } from './types.js';

async function componentId(fx: Fixtures, name: string) {
  const [row] = await fx.ctx.db.select().from(components).where(eq(components.name, name));
  return row!.id;
}

export const accessExamples: Record<string, Example> = {
  'main:listComponents': { request: () => ({ path: '/components' }), foreign: NOT_AGENT_DATA },
  'main:updateComponent': {
    request: async ({ fx }) => {
      const id = await componentId(fx, 'support_page');
      const current = await fx.ctx.api('GET', '/components', { token: fx.admin.token });
      const component = current.body['hydra:member'].find((c: { id: number }) => c.id === id);
      return { path: `/components/${id}`, body: { profiles: component.profiles } };
    },
    foreign: NOT_AGENT_DATA,
  },
  'main:listProfiles': {
    request: () => ({ path: '/profiles?type=Mandataire' }),
    foreign: NOT_AGENT_DATA,
  },
  'main:createProfile': {
    request: ({ fx }) => ({
      path: '/profiles',
      body: { title: `Matrice ${fx.unique()}`, type: 'Hubnup' },
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:deleteProfile': {
    request: async ({ fx }) => {
      const title = `Jetable ${fx.unique()}`;
      const [row] = await fx.ctx.db
        .insert(profiles)
        .values({ title, type: 'Hubnup', name: `ROLE_${title.toUpperCase()}` })
        .returning();
      return { path: `/profiles/${row!.id}` };
    },
    foreign: NOT_AGENT_DATA,
  },
};
