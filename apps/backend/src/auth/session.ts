import { asc, eq } from 'drizzle-orm';
import type { components as api } from '@portal/api/generated/main';
import type { Database } from '../db/client.js';
import { agents, componentProfiles, components, menuLinks, profiles } from '../db/schema.js';
import { isDisabled, type UserRow } from './principal.js';
import type { TokenClaims } from './tokens.js';

export type CurrentUser = api['schemas']['CurrentUser'];
export type Session = api['schemas']['Session'];

/** The session fields of a user, as answered by /token, /me and the hand-off exchange. */
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
  const componentNames = isDisabled(user)
    ? []
    : (
        await db
          .select({ name: components.name })
          .from(components)
          .innerJoin(componentProfiles, eq(componentProfiles.componentId, components.id))
          .where(eq(componentProfiles.profileId, profile.id))
          .orderBy(asc(components.priority), asc(components.name))
      ).map((c) => c.name);
  const links = await db.select().from(menuLinks).orderBy(asc(menuLinks.id));

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
    isImpersonateUser: false,
    adminData: null,
    consultantSharepointLink: null,
    menuLinks: links.map((l) => ({ name: l.name, url: l.url, displayName: l.displayName })),
    sessionId: claims.sid,
  };
}
