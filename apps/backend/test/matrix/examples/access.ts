import { eq } from 'drizzle-orm';
import { componentProfiles, components, profiles } from '../../../src/db/schema.js';
import { messages } from '../../../src/http/messages.js';
import type { ApiResponse } from '../../helpers/context.js';
import type { Fixtures } from '../roles.js';
import { NOT_AGENT_DATA, refusedWith } from './shared.js';
import type { Example } from './types.js';

async function componentId(fx: Fixtures, name: string) {
  const [row] = await fx.ctx.db.select().from(components).where(eq(components.name, name));
  return row!.id;
}

/** A component's holders as the administrator sees them (IRIs). */
async function holders(fx: Fixtures, id: number): Promise<string[]> {
  const current = await fx.ctx.api('GET', '/components', { token: fx.admin.token });
  return current.body['hydra:member'].find((c: { id: number }) => c.id === id).profiles;
}

/** A fresh staff profile no user holds, holding the named components. */
async function unusedProfile(fx: Fixtures, names: string[]) {
  const title = `Jetable ${fx.unique()}`;
  const [row] = await fx.ctx.db
    .insert(profiles)
    .values({ title, type: 'Hubnup', name: `ROLE_${title.toUpperCase()}` })
    .returning();
  for (const name of names)
    await fx.ctx.db
      .insert(componentProfiles)
      .values({ componentId: await componentId(fx, name), profileId: row!.id });
  return row!.id;
}

/** `component` with `change` applied to its holders. */
async function saveHolders(
  fx: Fixtures,
  component: string,
  change: (list: string[]) => Promise<string[]> | string[],
) {
  const id = await componentId(fx, component);
  return { path: `/components/${id}`, body: { profiles: await change(await holders(fx, id)) } };
}

const adminIri = async (fx: Fixtures) => {
  const [row] = await fx.ctx.db.select().from(profiles).where(eq(profiles.name, 'ROLE_ADMIN'));
  return `/profiles/${row!.id}`;
};

function noAdministratorProfile(response: ApiResponse) {
  const titles = response.body['hydra:member'].map((p: { title: string }) => p.title);
  if (titles.includes('Admin') || titles.includes('Communication'))
    throw new Error(`a profile above the caller is offered: ${titles.join(', ')}`);
}

export const accessExamples: Record<string, Example> = {
  'main:listComponents': {
    request: () => ({ path: '/components' }),
    foreign: NOT_AGENT_DATA,
    beyondRights: 'a read of the catalogue',
  },
  'main:getComponent': {
    request: async ({ fx }) => ({ path: `/components/${await componentId(fx, 'support_page')}` }),
    foreign: NOT_AGENT_DATA,
    beyondRights: 'a read of the catalogue',
  },
  'main:updateComponent': {
    request: async ({ fx }) => {
      const id = await componentId(fx, 'support_page');
      const current = await fx.ctx.api('GET', '/components', { token: fx.admin.token });
      const component = current.body['hydra:member'].find((c: { id: number }) => c.id === id);
      return { path: `/components/${id}`, body: { profiles: component.profiles } };
    },
    foreign: NOT_AGENT_DATA,
    beyondRights: [
      // A component he lacks, to his own profile.
      {
        request: ({ fx }) =>
          saveHolders(fx, 'jobs_page', (list) => [
            ...list,
            `/profiles/${fx.lesserStaff.profileId}`,
          ]),
        status: 403,
        check: refusedWith(messages.componentNotHeld),
      },
      // One he holds, taken from the administrators.
      {
        request: ({ fx }) =>
          saveHolders(fx, 'users_imports', async (list) => {
            const admin = await adminIri(fx);
            return list.filter((profile) => profile !== admin);
          }),
        status: 403,
        check: refusedWith(messages.morePrivilegedProfile),
      },
      // One he holds, to a profile holding nothing.
      {
        request: async ({ fx }) => {
          const below = await unusedProfile(fx, []);
          return saveHolders(fx, 'users_imports', (list) => [...list, `/profiles/${below}`]);
        },
        status: 200,
      },
    ],
  },
  'main:listProfiles': {
    request: () => ({ path: '/profiles?type=Mandataire' }),
    foreign: NOT_AGENT_DATA,
    beyondRights: {
      request: () => ({ path: '/profiles?assignable=true' }),
      status: 200,
      check: noAdministratorProfile,
    },
  },
  'main:getProfile': {
    request: ({ fx }) => ({ path: `/profiles/${fx.agent.profileId}` }),
    foreign: NOT_AGENT_DATA,
    beyondRights: 'a read of a profile the caller may already list',
  },
  'main:createProfile': {
    request: ({ fx }) => ({
      path: '/profiles',
      body: { title: `Matrice ${fx.unique()}`, type: 'Hubnup' },
    }),
    foreign: NOT_AGENT_DATA,
    beyondRights: 'a new profile holds no component',
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
    beyondRights: [
      {
        request: async ({ fx }) => ({
          path: `/profiles/${await unusedProfile(fx, ['jobs_page'])}`,
        }),
        status: 403,
        check: refusedWith(messages.morePrivilegedProfile),
      },
      {
        request: async ({ fx }) => ({ path: `/profiles/${await unusedProfile(fx, [])}` }),
        status: 204,
      },
    ],
  },
};
