import { asc, eq } from 'drizzle-orm';
import type { components as api } from '@portal/api/generated/main';
import { componentNamesOfProfile } from '../access/components.js';
import type { Database } from '../db/client.js';
import { agents, menuLinks, profiles, users } from '../db/schema.js';
import { isDisabled, type UserRow } from './principal.js';
import type { TokenClaims } from './tokens.js';

export type CurrentUser = api['schemas']['CurrentUser'];
export type Session = api['schemas']['Session'];
type AdminData = CurrentUser['adminData'];

/** The session fields of a user, as answered by /token, /me, the hand-off and impersonation. */
export async function buildCurrentUser(
  db: Database,
  user: UserRow,
  claims: TokenClaims,
): Promise<CurrentUser> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, user.profileId));
  if (!profile) throw new Error(`User ${user.id} has no profile`);
  const [agent] = user.agentId
    ? await db.select().from(agents).where(eq(agents.id, user.agentId))
    : [];
  const componentNames = isDisabled(user) ? [] : await componentNamesOfProfile(db, profile.id);
  const links = await db.select().from(menuLinks).orderBy(asc(menuLinks.id));
  const adminData = claims.imp === undefined ? null : await adminDataOf(db, claims.imp);

  return {
    id: user.id,
    userId: user.id,
    fullName: `${user.firstName} ${user.lastName}`,
    email: user.email,
    picture: user.picture,
    circularPicture: user.circularPicture,
    roles: user.roles,
    components: componentNames,
    profilName: profile.title,
    profileType: profile.type,
    consultantId: agent?.id ?? null,
    cgpId: agent?.cgpId ?? null,
    consultantValoricielId: agent?.valoricielId ?? null,
    onLoginAgent: user.onLoginAgent,
    isImpersonateUser: adminData !== null,
    adminData,
    consultantSharepointLink: null,
    menuLinks: links.map((l) => ({ name: l.name, url: l.url, displayName: l.displayName })),
    sessionId: claims.sid,
  };
}

async function adminDataOf(db: Database, adminId: number): Promise<AdminData> {
  const [admin] = await db.select().from(users).where(eq(users.id, adminId));
  if (!admin) return null;
  return { id: admin.id, fullName: `${admin.firstName} ${admin.lastName}`, email: admin.email };
}
