import { inArray } from 'drizzle-orm';
import { hashPassword } from '../../src/auth/password.js';
import type { Database } from '../../src/db/client.js';
import { componentProfiles, components, profiles, users } from '../../src/db/schema.js';
import { DEMO_PASSWORD } from '../../src/seed/accounts.js';

/** A staff (Hubnup) profile holding exactly the named components. */
export async function insertStaffProfile(db: Database, title: string, names: readonly string[]) {
  const [profile] = await db
    .insert(profiles)
    .values({ title, type: 'Hubnup', name: `ROLE_${title.toUpperCase()}` })
    .returning();
  if (names.length > 0) {
    const rows = await db
      .select({ id: components.id })
      .from(components)
      .where(inArray(components.name, [...names]));
    if (rows.length !== names.length) throw new Error(`unknown component among ${names.join()}`);
    await db
      .insert(componentProfiles)
      .values(rows.map((row) => ({ componentId: row.id, profileId: profile!.id })));
  }
  return profile!;
}

/** An account of that profile, signing in with the demo password. */
export async function insertStaffUser(
  db: Database,
  profile: { id: number; name: string },
  email: string,
) {
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: 'Compte',
      lastName: 'De test',
      roles: [profile.name],
      profileId: profile.id,
    })
    .returning();
  return user!;
}

/** The user administration components, without impersonation: the lesser staff of the tests. */
export const USER_ADMIN_COMPONENTS = [
  'users_page',
  'users_details_page',
  'users_edit_page',
  'users_imports',
] as const;
