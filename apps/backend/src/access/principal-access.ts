import { eq } from 'drizzle-orm';
import type { Principal } from '../auth/principal.js';
import { isDisabled } from '../auth/principal.js';
import type { Database } from '../db/client.js';
import { profiles } from '../db/schema.js';
import { componentNamesOfProfile } from './components.js';

export type ProfileRow = typeof profiles.$inferSelect;

/** What the access checks need to know about the caller, read once per request. */
export interface Access {
  profile: ProfileRow;
  /** Empty for a disabled account. */
  components: Set<string>;
  isAgent: boolean;
}

// Keyed by the principal object, which the router builds once per request.
const cache = new WeakMap<Principal, Promise<Access>>();

export function accessOf(db: Database, principal: Principal): Promise<Access> {
  let access = cache.get(principal);
  if (!access) {
    access = load(db, principal);
    cache.set(principal, access);
  }
  return access;
}

async function load(db: Database, { user }: Principal): Promise<Access> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, user.profileId));
  if (!profile) throw new Error(`User ${user.id} has no profile`);
  const names = isDisabled(user) ? [] : await componentNamesOfProfile(db, profile.id);
  return { profile, components: new Set(names), isAgent: profile.type === 'Mandataire' };
}

export function holdsAny(access: Access, names: readonly string[]): boolean {
  return names.some((name) => access.components.has(name));
}
