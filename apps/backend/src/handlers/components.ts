import { recordBefore } from '../access/audit.js';
import { asc, eq, inArray } from 'drizzle-orm';
import type { components as api } from '@portal/api/generated/main';
import { componentIri, profileIdOf, profileIri } from '../access/iri.js';
import { accessOf, holdsAny } from '../access/principal-access.js';
import { assertMayGiveProfile, privilegesOf } from '../access/privileges.js';
import { principalOf, type Principal } from '../auth/principal.js';
import { type Handler, handWritten } from '../contract.js';
import type { Database } from '../db/client.js';
import { componentProfiles, components, profiles, type ProfileType } from '../db/schema.js';
import { forbidden, unprocessable } from '../http/errors.js';
import { hydraCollection } from '../http/hydra.js';
import { messages } from '../http/messages.js';
import { hydraCollectionBody, paged, pagingOf } from '../resources/pagination.js';
import type { Deps, HandlerMap } from '../deps.js';
import { rowById, rowHandler } from '../resources/item.js';

type ComponentInput = api['schemas']['ComponentInput'];
type ComponentRow = typeof components.$inferSelect;

/** The component that lets a caller change the holdings of each profile type. */
const MATRIX_OF: Record<ProfileType, string> = {
  Mandataire: 'portail_agents_components',
  Hubnup: 'hubnup_components',
};

/** Taking these away from one's own profile would lock the caller out of this page. */
const SELF_LOCKOUT = new Set(['portail_page', 'hubnup_components']);

async function serialize(db: Database, component: ComponentRow) {
  const holders = await db
    .select({ profileId: componentProfiles.profileId })
    .from(componentProfiles)
    .where(eq(componentProfiles.componentId, component.id))
    .orderBy(asc(componentProfiles.profileId));
  return toJson(
    component,
    holders.map((h) => h.profileId),
  );
}

function toJson(component: ComponentRow, profileIds: number[]) {
  return {
    '@id': componentIri(component.id),
    '@type': 'Component',
    id: component.id,
    name: component.name,
    title: component.title,
    page: component.page,
    priority: component.priority,
    type: component.type,
    profiles: profileIds.map(profileIri),
  };
}

/** Components per page when a client pages the catalogue (API Platform's default). */
const COMPONENTS_PER_PAGE = 30;

export function listComponents(deps: Deps): Handler<Principal> {
  return handWritten(
    "the catalogue with each component's profiles, paged only on request",
    async ({ request, query }) => {
      const rows = await deps.db
        .select()
        .from(components)
        .orderBy(asc(components.priority), asc(components.name));
      const holdings = await deps.db.select().from(componentProfiles);
      const byComponent = new Map<number, number[]>();
      for (const h of holdings) {
        byComponent.set(h.componentId, [...(byComponent.get(h.componentId) ?? []), h.profileId]);
      }
      const members = rows.map((c) =>
        toJson(
          c,
          (byComponent.get(c.id) ?? []).sort((a, b) => a - b),
        ),
      );
      // The matrices read the whole catalogue; a client naming a page (API Platform Admin) gets
      // it paged, with the same `hydra:view` as the resource layer's collections.
      const search = new URLSearchParams(request.url.split('?')[1] ?? '');
      if (!search.has('page') && !search.has('itemsPerPage'))
        return { status: 200, body: hydraCollection('Component', '/components', members) };
      const paging = pagingOf(paged(COMPONENTS_PER_PAGE), query);
      return {
        status: 200,
        body: hydraCollectionBody({
          url: request.url,
          path: '/components',
          type: 'Component',
          members: members.slice(paging.offset, paging.offset + paging.limit),
          totalItems: members.length,
          paging,
        }),
      };
    },
  );
}

/** `GET /components/{id}`: one member of the catalogue, for the callers of its collection. */
export const getComponent = (deps: Deps): Handler<Principal> =>
  rowHandler('one component with the profiles that hold it', deps.db, components, (component) =>
    serialize(deps.db, component),
  );

export function updateComponent(deps: Deps): Handler<Principal> {
  return handWritten(
    "rewrites which profiles hold a component, within the caller's rights",
    async (context) => {
      const principal = principalOf(context);
      const { db } = deps;
      const component = await rowById(db, components, Number(context.params.id));

      const wanted = await resolveProfiles(db, (context.body as ComponentInput).profiles);
      const current = await db
        .select({ id: profiles.id, type: profiles.type })
        .from(componentProfiles)
        .innerJoin(profiles, eq(profiles.id, componentProfiles.profileId))
        .where(eq(componentProfiles.componentId, component.id));
      const wantedIds = new Set(wanted.map((p) => p.id));
      const currentIds = new Set(current.map((p) => p.id));
      const changed = [
        ...wanted.filter((p) => !currentIds.has(p.id)),
        ...current.filter((p) => !wantedIds.has(p.id)),
      ];

      const access = await accessOf(db, principal);
      if (changed.some((p) => !holdsAny(access, [MATRIX_OF[p.type]]))) {
        throw forbidden(messages.accessDenied);
      }
      // Nobody grants a component he lacks, nor changes a profile holding more than he holds.
      if (changed.length > 0 && !(await privilegesOf(db, principal)).holds(component.name))
        throw forbidden(messages.componentNotHeld);
      for (const profile of changed) await assertMayGiveProfile(db, principal, profile.id);
      const removesOwn = changed.some((p) => p.id === access.profile.id && !wantedIds.has(p.id));
      if (removesOwn && SELF_LOCKOUT.has(component.name)) {
        throw unprocessable([{ propertyPath: 'profiles', message: messages.selfLockout }]);
      }

      // No GET reads one component: the trail's before is given here.
      recordBefore(await serialize(db, component));
      await db.transaction(async (tx) => {
        await tx.delete(componentProfiles).where(eq(componentProfiles.componentId, component.id));
        if (wantedIds.size > 0) {
          await tx
            .insert(componentProfiles)
            .values([...wantedIds].map((profileId) => ({ componentId: component.id, profileId })));
        }
      });
      return { status: 200, body: await serialize(db, component) };
    },
  );
}

/** The profiles a request names; any unknown reference is a 422. */
async function resolveProfiles(db: Database, references: ComponentInput['profiles']) {
  const ids = references.map(profileIdOf);
  const known = await db
    .select({ id: profiles.id, type: profiles.type })
    .from(profiles)
    .where(
      inArray(
        profiles.id,
        ids.filter((id): id is number => id !== null),
      ),
    );
  const knownIds = new Set(known.map((p) => p.id));
  const unknown = references.filter((_, i) => ids[i] === null || !knownIds.has(ids[i]!));
  if (unknown.length > 0) {
    throw unprocessable(
      unknown.map((reference) => ({
        propertyPath: 'profiles',
        message: messages.unknownProfile(String(reference)),
      })),
    );
  }
  return known;
}

/** The component catalogue and which profiles hold each component. */
export function componentHandlers(deps: Deps): HandlerMap {
  return {
    listComponents: listComponents(deps),
    getComponent: getComponent(deps),
    updateComponent: updateComponent(deps),
  };
}
