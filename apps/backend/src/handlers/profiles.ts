import { asc, count, eq } from 'drizzle-orm';
import type { components as api } from '@portal/api/generated/main';
import { assertMayGiveProfile, privilegesOf } from '../access/privileges.js';
import { principalOf, type Principal } from '../auth/principal.js';
import { type Handler, handWritten } from '../contract.js';
import { profiles, users, type ProfileType } from '../db/schema.js';
import { assertNoViolations, notFound, unprocessable } from '../http/errors.js';
import { requiredViolation } from '../http/fields.js';
import { hydraCollection } from '../http/hydra.js';
import { messages } from '../http/messages.js';
import { profileJson } from '../domain/profiles.js';
import type { Deps, HandlerMap } from '../deps.js';
import { rowHandler } from '../resources/item.js';

type ProfileInput = api['schemas']['ProfileInput'];

export const AGENT_TITLE_PREFIX = 'Mandataire - ';

/** 'ROLE_' + the upper-cased title, as the spec defines a profile's name. */
export const profileNameOf = (title: string) => `ROLE_${title.toUpperCase()}`;

/** Agent profiles are titled 'Mandataire - …', so that their role contains ROLE_MANDATAIRE. */
export function profileTitleOf(title: string, type: ProfileType): string {
  const trimmed = title.trim().replace(/\s+/g, ' ');
  if (type !== 'Mandataire' || trimmed.startsWith(AGENT_TITLE_PREFIX)) return trimmed;
  return `${AGENT_TITLE_PREFIX}${trimmed}`;
}

/** `assignable=true` keeps the profiles the caller may give (access/privileges.ts). */
export function listProfiles(deps: Deps): Handler<Principal> {
  return handWritten(
    "filtered by the caller's privileges, which SQL does not express",
    async (context) => {
      const type = context.query.type as ProfileType | undefined;
      const rows = await deps.db
        .select()
        .from(profiles)
        .where(type ? eq(profiles.type, type) : undefined)
        .orderBy(asc(profiles.title), asc(profiles.id));
      const privileges =
        context.query.assignable === true
          ? await privilegesOf(deps.db, principalOf(context))
          : undefined;
      const members = privileges ? rows.filter((row) => privileges.covers(row.id)) : rows;
      return {
        status: 200,
        body: hydraCollection('Profile', '/profiles', members.map(profileJson)),
      };
    },
  );
}

/** `GET /profiles/{id}`: the IRIs news, notifications and components hand out. */
export const getProfile = (deps: Deps): Handler<Principal> =>
  rowHandler(
    'a profile by id; its list is filtered by privileges, so no resource is declared',
    deps.db,
    profiles,
    profileJson,
  );

export function createProfile(deps: Deps): Handler<Principal> {
  return handWritten(
    'derives the role name from the title and refuses a duplicate',
    async ({ body }) => {
      const input = body as ProfileInput;
      assertNoViolations([requiredViolation('title', input.title)]);
      const title = profileTitleOf(input.title, input.type);
      const name = profileNameOf(title);
      const [row] = await deps.db
        .insert(profiles)
        .values({ title, type: input.type, name })
        .onConflictDoNothing({ target: profiles.name })
        .returning();
      if (!row) throw unprocessable([{ propertyPath: 'title', message: messages.profileExists }]);
      return { status: 201, body: profileJson(row) };
    },
  );
}

/** A profile holding a component the caller lacks is not his to delete (403). */
export function deleteProfile(deps: Deps): Handler<Principal> {
  return handWritten(
    'refuses a profile in use or holding a component the caller lacks',
    async (context) => {
      const id = Number(context.params.id);
      const [known] = await deps.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.id, id));
      if (!known) throw notFound();
      await assertMayGiveProfile(deps.db, principalOf(context), id);
      const result = await deps.db.transaction(async (tx) => {
        const [profile] = await tx.select().from(profiles).where(eq(profiles.id, id)).for('update');
        if (!profile) return 'missing';
        const [holders] = await tx
          .select({ n: count() })
          .from(users)
          .where(eq(users.profileId, id));
        if (holders!.n > 0) return 'in-use';
        await tx.delete(profiles).where(eq(profiles.id, id));
        return 'deleted';
      });
      if (result === 'missing') throw notFound();
      // API Platform answers a refused deletion with a Hydra error whose description is shown as is.
      if (result === 'in-use') {
        throw unprocessable([{ propertyPath: '', message: messages.profileInUse }]);
      }
      return { status: 204 };
    },
  );
}

/** Profiles (roles). */
export function profileHandlers(deps: Deps): HandlerMap {
  return {
    listProfiles: listProfiles(deps),
    getProfile: getProfile(deps),
    createProfile: createProfile(deps),
    deleteProfile: deleteProfile(deps),
  };
}
