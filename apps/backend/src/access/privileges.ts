import { eq, notInArray } from 'drizzle-orm';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/client.js';
import { oncePer } from '../memo.js';
import { componentProfiles, components } from '../db/schema.js';
import { forbidden } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { accessOf } from './principal-access.js';

/**
 * Privilege containment (ASVS 8.2.1, 8.2.3): whoever administers users or profiles may only give,
 * or act on an account or a profile holding, components he holds himself. Creating, editing,
 * importing, resetting, disabling, deleting, impersonating an account and ending its sessions,
 * and changing which profiles hold a component, all ask this one module; so administering users
 * never widens anyone's rights, the caller's own included.
 *
 * An account's rights are its profile's components, read even while it is suspended: saving the
 * user form gives them back.
 */
export interface Privileges {
  /** The caller holds this component. */
  holds(component: string): boolean;
  /** The caller holds every component of this profile: he may give it and act on its accounts. */
  covers(profileId: number): boolean;
}

// Keyed by the principal object, which the router builds once per request.
const privilegesPer = oncePer((principal: Principal, db: Database) => load(db, principal));

/**
 * The caller's privileges, read once per request. Call it before a transaction that needs it
 * (the embedded database has one connection).
 */
export const privilegesOf = (db: Database, principal: Principal): Promise<Privileges> =>
  privilegesPer(principal, db);

async function load(db: Database, principal: Principal): Promise<Privileges> {
  const held = (await accessOf(db, principal)).components;
  // The profiles holding a component the caller lacks: a handful of ids, whatever the network.
  const exceeding = await db
    .selectDistinct({ profileId: componentProfiles.profileId })
    .from(componentProfiles)
    .innerJoin(components, eq(components.id, componentProfiles.componentId))
    .where(notInArray(components.name, [...held]));
  const beyond = new Set(exceeding.map((row) => row.profileId));
  return {
    holds: (component) => held.has(component),
    covers: (profileId) => !beyond.has(profileId),
  };
}

/** 403 unless the caller may act on the account (its profile's components are all his). */
export async function assertMayManageUser(
  db: Database,
  principal: Principal,
  user: { profileId: number },
): Promise<void> {
  if (!(await privilegesOf(db, principal)).covers(user.profileId))
    throw forbidden(messages.morePrivilegedUser);
}

/** 403 unless the caller may give the profile (to an account, or components to it). */
export async function assertMayGiveProfile(
  db: Database,
  principal: Principal,
  profileId: number,
): Promise<void> {
  if (!(await privilegesOf(db, principal)).covers(profileId))
    throw forbidden(messages.morePrivilegedProfile);
}
