import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../src/auth/password.js';
import { profiles, users } from '../../src/db/schema.js';
import { ADMIN, CLAIRE, COMMUNICATION, JULIEN } from '../helpers/accounts.js';
import { DEMO_PASSWORD, type TestContext } from '../helpers/context.js';
import { insertSalesFixture, type SalesFixture } from '../helpers/sales-fixture.js';

/** The callers of the authorization matrix. */
export const ROLES = ['anonymous', 'agent', 'agentOnOther', 'staffLacking', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface Caller {
  email: string;
  token: string;
  userId: number;
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
  admin: Caller;
  /** A fresh, unique suffix for names created by examples. */
  unique(): string;
}

export const BARE_STAFF_EMAIL = 'sans.composant@reseau-patrimoine.fr';

export async function createFixtures(ctx: TestContext): Promise<Fixtures> {
  const [bareProfile] = await ctx.db
    .insert(profiles)
    .values({ title: 'Matrice - Sans composant', type: 'Hubnup', name: 'ROLE_MATRICE_SANS' })
    .returning();
  await ctx.db.insert(users).values({
    email: BARE_STAFF_EMAIL,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    firstName: 'Sans',
    lastName: 'Composant',
    roles: [bareProfile!.name],
    profileId: bareProfile!.id,
  });
  const caller = async (email: string): Promise<Caller> => {
    const token = await ctx.login(email);
    const me = await ctx.api('GET', '/me', { token });
    const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return {
      email,
      token,
      userId: row!.id,
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
    admin: await caller(ADMIN),
    unique: () => `${Date.now().toString(36)}${(counter++).toString(36)}`,
  };
}
