import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema.js';
import { ADMIN, CLAIRE, COMMUNICATION, JULIEN, PAUL } from '../helpers/accounts.js';
import type { TestContext } from '../helpers/context.js';
import { insertSalesFixture, type SalesFixture } from '../helpers/sales-fixture.js';
import { insertStaffProfile, insertStaffUser, USER_ADMIN_COMPONENTS } from '../helpers/staff.js';

/** The callers of the authorization matrix. */
export const ROLES = [
  'anonymous',
  'agent',
  'agentOnOther',
  'staffLacking',
  'staffBeyondRights',
  'suspended',
  'admin',
] as const;
export type Role = (typeof ROLES)[number];

export interface Caller {
  email: string;
  token: string;
  userId: number;
  profileId: number;
  sessionId: string;
  components: Set<string>;
}

/** Signed-in demo users, plus a staff user whose profile holds no component at all. */
export interface Fixtures {
  ctx: TestContext;
  /** Claire Martin, CGP0001, whose downline is CGP0002 and CGP0004. */
  agent: Caller;
  /** Julien Lefebvre, CGP0002: "another agent" for Claire only through his own records. */
  otherAgent: Caller;
  /** CGP0003 belongs to neither Claire nor her downline. */
  foreignCgpId: string;
  /** Customers and investment sales of CGP0001, CGP0002, CGP0004 and CGP0099 (outsider). */
  sales: SalesFixture;
  communication: Caller;
  bareStaff: Caller;
  /** Staff administering users and profiles (LESSER_STAFF_COMPONENTS), below the administrator. */
  lesserStaff: Caller;
  /** Paul Durand, CGP0003, whose account is suspended. */
  suspended: Caller;
  admin: Caller;
  /** A fresh, unique suffix for names created by examples. */
  unique(): string;
}

export const BARE_STAFF_EMAIL = 'sans.composant@reseau-patrimoine.fr';
export const LESSER_STAFF_EMAIL = 'gestion.comptes@reseau-patrimoine.fr';
/** Every user and profile administration component, nothing else. */
export const LESSER_STAFF_COMPONENTS = [
  ...USER_ADMIN_COMPONENTS,
  'users_switch_user',
  'hubnup_components',
  'portail_settings',
  'odysseal_roles_page',
];

export async function createFixtures(ctx: TestContext): Promise<Fixtures> {
  const bareProfile = await insertStaffProfile(ctx.db, 'Matrice - Sans composant', []);
  await insertStaffUser(ctx.db, bareProfile, BARE_STAFF_EMAIL);
  const lesserProfile = await insertStaffProfile(
    ctx.db,
    'Matrice - Gestion des comptes',
    LESSER_STAFF_COMPONENTS,
  );
  await insertStaffUser(ctx.db, lesserProfile, LESSER_STAFF_EMAIL);
  const caller = async (email: string): Promise<Caller> => {
    const token = await ctx.login(email);
    const me = await ctx.api('GET', '/me', { token });
    const [row] = await ctx.db
      .select({ id: users.id, profileId: users.profileId })
      .from(users)
      .where(eq(users.email, email));
    return {
      email,
      token,
      userId: row!.id,
      profileId: row!.profileId,
      sessionId: decodeJwt(token).sid as string,
      components: new Set(me.body.components as string[]),
    };
  };
  let counter = 0;
  const sales = await insertSalesFixture(ctx.db);
  return {
    sales,
    ctx,
    agent: await caller(CLAIRE),
    otherAgent: await caller(JULIEN),
    foreignCgpId: 'CGP0003',
    communication: await caller(COMMUNICATION),
    bareStaff: await caller(BARE_STAFF_EMAIL),
    lesserStaff: await caller(LESSER_STAFF_EMAIL),
    suspended: await caller(PAUL),
    admin: await caller(ADMIN),
    unique: () => `${Date.now().toString(36)}${(counter++).toString(36)}`,
  };
}
