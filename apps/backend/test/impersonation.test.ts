import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  componentProfiles,
  components,
  impersonationAudit,
  profiles,
  trackingEvents,
  users,
} from '../src/db/schema.js';
import { ADMIN, CLAIRE, COMMUNICATION, PAUL } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
let admin: string;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN);
  adminId = Number(decodeJwt(admin).sub);
});
afterAll(() => ctx?.close());

async function userId(email: string): Promise<number> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

const impersonate = async (id: number, token = admin) =>
  ctx.api('GET', `/administration/impersonate-user/${id}`, { token });
const exit = (token: string) => ctx.api('POST', '/administration/impersonate-user/exit', { token });

describe('impersonation', () => {
  it("answers the target's session with adminData and writes an audit row", async () => {
    const claire = await userId(CLAIRE);
    const response = await impersonate(claire);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: claire,
      email: CLAIRE,
      cgpId: 'CGP0001',
      roles: ['ROLE_MANDATAIRE'],
      isImpersonateUser: true,
      adminData: { id: adminId, fullName: 'Sophie Bernard', email: ADMIN },
    });
    const claims = decodeJwt(response.body.token);
    expect(claims).toMatchObject({ sub: String(claire), imp: adminId });
    expect(response.body.sessionId).toBe(claims.sid);

    const audit = await ctx.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.id, claims.impAudit as number));
    expect(audit).toEqual([
      expect.objectContaining({ adminUserId: adminId, targetUserId: claire, endedAt: null }),
    ]);

    const me = await ctx.api('GET', '/me', { token: response.body.token });
    expect(me.body).toMatchObject({ isImpersonateUser: true, adminData: { id: adminId } });
    await exit(response.body.token);
  });

  it('carries the impersonation through the hand-off to the other app', async () => {
    const started = await impersonate(await userId(CLAIRE));
    const handoff = await ctx.api('POST', '/auth/handoff', { token: started.body.token });
    const exchanged = await ctx.api('POST', '/auth/handoff/exchange', {
      body: { code: handoff.body.code },
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toMatchObject({
      isImpersonateUser: true,
      adminData: { email: ADMIN },
      sessionId: started.body.sessionId,
    });
    expect(decodeJwt(exchanged.body.token).imp).toBe(adminId);
    await exit(exchanged.body.token);
    // Ending it in one app ends it in both.
    expect((await ctx.api('GET', '/me', { token: started.body.token })).status).toBe(401);
  });

  it('ends with exit: the audit row is closed and the token refused', async () => {
    const started = await impersonate(await userId(CLAIRE));
    const token = started.body.token;
    expect((await exit(token)).status).toBe(204);
    const [audit] = await ctx.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.id, decodeJwt(token).impAudit as number));
    expect(audit!.endedAt).toBeInstanceOf(Date);
    expect((await ctx.api('GET', '/me', { token })).status).toBe(401);
    // The administrator's own session goes on.
    expect((await ctx.api('GET', '/me', { token: admin })).body.isImpersonateUser).toBe(false);
  });

  it('refuses exit without an impersonation', async () => {
    const response = await exit(admin);
    expect(response.status).toBe(403);
    expect(response.body['hydra:description']).toBe("Aucune prise d'identité n'est en cours.");
  });

  it('refuses to impersonate while impersonating, oneself, a disabled or an unknown user', async () => {
    const communication = await userId(COMMUNICATION);
    const started = await impersonate(communication);
    expect(started.status).toBe(200);
    // Communication lacks users_switch_user, so the component check answers first.
    expect((await impersonate(await userId(CLAIRE), started.body.token)).status).toBe(403);
    await exit(started.body.token);

    const self = await impersonate(adminId);
    expect(self.status).toBe(403);
    expect(self.body['hydra:description']).toBe(
      'Vous ne pouvez pas prendre votre propre identité.',
    );
    expect((await impersonate(await userId(PAUL))).status).toBe(403);
    expect((await impersonate(999_999)).status).toBe(404);
  });

  it('refuses while already impersonating, even for a holder of users_switch_user', async () => {
    // A second administrator, impersonated by the first one.
    const [adminRow] = await ctx.db.select().from(users).where(eq(users.id, adminId));
    const [second] = await ctx.db
      .insert(users)
      .values({ ...adminRow!, id: undefined, email: 'second.admin@reseau-patrimoine.fr' })
      .returning();
    const started = await impersonate(second!.id);
    const again = await impersonate(await userId(CLAIRE), started.body.token);
    expect(again.status).toBe(403);
    expect(again.body['hydra:description']).toBe(
      "Vous utilisez déjà l'identité d'un autre utilisateur.",
    );
    await exit(started.body.token);
  });

  it('logs every mutation made while impersonating, not the others', async () => {
    const claire = await userId(CLAIRE);
    const before = await ctx.db.select({ id: auditLog.id }).from(auditLog);
    const started = await impersonate(claire);
    const token = started.body.token;
    const event = {
      type: 'PAGE',
      action: 'Accueil',
      path: '/',
      timestamp: new Date().toISOString(),
      device: 'PC',
    };
    const sent = await ctx.api('POST', `/sessions/${started.body.sessionId}/events`, {
      token,
      body: [event],
    });
    expect(sent.status).toBe(204);
    await ctx.api('GET', '/me', { token });
    await ctx.api('POST', '/profiles', { token, body: { title: 'X', type: 'Hubnup' } });
    await exit(token);
    await ctx.api('POST', `/sessions/${decodeJwt(admin).sid}/events`, {
      token: admin,
      body: [event],
    });

    const seen = new Set(before.map((r) => r.id));
    const [tracked] = await ctx.db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.sessionId, started.body.sessionId));
    expect(tracked).toMatchObject({ userId: claire, impersonatorId: adminId });

    const rows = (await ctx.db.select().from(auditLog).orderBy(auditLog.id)).filter(
      (r) => !seen.has(r.id),
    );
    expect(rows.map((r) => [r.userId, r.method, r.path, r.status, r.impersonatorId])).toEqual([
      [claire, 'POST', `/sessions/${started.body.sessionId}/events`, 204, adminId],
      [claire, 'POST', '/profiles', 403, adminId],
      [claire, 'POST', '/administration/impersonate-user/exit', 204, adminId],
    ]);
  });

  it('lists the audit trail with who, whom, when and how many actions', async () => {
    const claire = await userId(CLAIRE);
    const started = await impersonate(claire);
    const auditId = decodeJwt(started.body.token).impAudit as number;
    await ctx.api('POST', '/profiles', {
      token: started.body.token,
      body: { title: 'Y', type: 'Hubnup' },
    });
    await exit(started.body.token);

    const list = await ctx.api('GET', `/administration/impersonations?target.id=${claire}`, {
      token: admin,
    });
    expect(list.status).toBe(200);
    const entry = list.body['hydra:member'].find((row: { id: number }) => row.id === auditId);
    expect(entry).toMatchObject({
      '@id': `/administration/impersonations/${auditId}`,
      admin: { id: adminId, fullName: 'Sophie Bernard', email: ADMIN },
      target: { id: claire, email: CLAIRE },
      endedAt: expect.any(String),
      // The refused profile creation and the exit itself.
      actions: 2,
    });
    expect(list.body['hydra:member'][0].id).toBe(auditId);

    const asAgent = await ctx.api('GET', '/administration/impersonations', {
      token: await ctx.login(CLAIRE),
    });
    expect(asAgent.status).toBe(403);
  });

  it('never lets a user gain components by impersonating', async () => {
    // A support profile that may switch user but holds little else.
    const [support] = await ctx.db
      .insert(profiles)
      .values({ title: 'Support', type: 'Hubnup', name: 'ROLE_SUPPORT' })
      .returning();
    const [switchUser] = await ctx.db
      .select()
      .from(components)
      .where(eq(components.name, 'users_switch_user'));
    await ctx.db
      .insert(componentProfiles)
      .values({ componentId: switchUser!.id, profileId: support!.id });
    const [adminRow] = await ctx.db.select().from(users).where(eq(users.id, adminId));
    await ctx.db.insert(users).values({
      ...adminRow!,
      id: undefined,
      email: 'support.agent@reseau-patrimoine.fr',
      roles: [support!.name],
      profileId: support!.id,
    });
    const token = await ctx.login('support.agent@reseau-patrimoine.fr');
    const response = await impersonate(await userId(CLAIRE), token);
    expect(response.status).toBe(403);
    expect(response.body['hydra:description']).toBe(
      "Cet utilisateur dispose de droits que vous n'avez pas.",
    );
  });
});
