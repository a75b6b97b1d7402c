import { asc, eq, sql } from 'drizzle-orm';
import type { Principal } from '../auth/principal.js';
import { isDisabled } from '../auth/principal.js';
import type { Database } from '../db/client.js';
import { oncePer } from '../memo.js';
import { componentProfiles, components, profiles } from '../db/schema.js';

export type ProfileRow = typeof profiles.$inferSelect;

/** What the access checks need to know about the caller, read once per request. */
export interface Access {
  profile: ProfileRow;
  /** Empty for a disabled account. */
  components: Set<string>;
  isAgent: boolean;
}

// Keyed by the principal object, which the router builds once per request.
const accessPer = oncePer((principal: Principal, db: Database) => load(db, principal));

export const accessOf = (db: Database, principal: Principal): Promise<Access> =>
  accessPer(principal, db);

async function load(db: Database, { user, loaded }: Principal): Promise<Access> {
  // Read by the authenticator with the session (`auth/principal.ts`); queried for a principal
  // built another way.
  const queries = loaded ? null : accessQueries(db);
  const profile = loaded
    ? loaded.profile
    : (await queries!.profile.execute({ profileId: user.profileId }))[0];
  if (!profile) throw new Error(`User ${user.id} has no profile`);
  const names = isDisabled(user)
    ? []
    : (loaded?.componentNames ??
      (await queries!.componentNames.execute({ profileId: profile.id })).map((row) => row.name));
  return { profile, components: new Set(names), isAgent: profile.type === 'Mandataire' };
}

/** Run on every gated request: built once per database, prepared on PostgreSQL. */
const accessQueries = oncePer(function prepareAccessQueries(db: Database) {
  return {
    profile: db
      .select()
      .from(profiles)
      .where(eq(profiles.id, sql.placeholder('profileId')))
      .prepare('access_profile'),
    // Same rows and order as componentNamesOfProfile.
    componentNames: db
      .select({ name: components.name })
      .from(components)
      .innerJoin(componentProfiles, eq(componentProfiles.componentId, components.id))
      .where(eq(componentProfiles.profileId, sql.placeholder('profileId')))
      .orderBy(asc(components.priority), asc(components.name))
      .prepare('access_component_names'),
  };
});

export function holdsAny(access: Access, names: readonly string[]): boolean {
  return names.some((name) => access.components.has(name));
}
