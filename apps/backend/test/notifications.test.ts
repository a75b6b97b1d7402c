import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationLists, notifications, profiles, users } from '../src/db/schema.js';
import { ADMIN, CLAIRE, COMMUNICATION, JULIEN, LUCAS } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { expectItemsReadable } from './helpers/items.js';

let ctx: TestContext;
let staff: string;
let agent: string;
let otherAgent: string;
let mandataire: number;
let junior: number;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await ctx.login(COMMUNICATION);
  agent = await ctx.login(CLAIRE);
  otherAgent = await ctx.login(JULIEN);
  const agentProfiles = await ctx.db.select().from(profiles).where(eq(profiles.type, 'Mandataire'));
  mandataire = agentProfiles.find((p) => p.title === 'Mandataire')!.id;
  junior = agentProfiles.find((p) => p.title !== 'Mandataire')!.id;
});
afterAll(() => ctx?.close());

const mergePatch = { 'content-type': 'application/merge-patch+json' };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();

async function notify(body: Record<string, unknown>) {
  return ctx.api('POST', '/notifications', {
    token: staff,
    body: {
      title: 'Info',
      description: 'Une information',
      profilesToNotify: [`/profiles/${mandataire}`],
      ...body,
    },
  });
}

const bell = (token: string, email: string, extra = '') =>
  ctx.api(
    'GET',
    `/notification_lists?user.email=${encodeURIComponent(email)}&notification.expireAt[after]=${encodeURIComponent(day(0))}&notification.createdAt[before]=${encodeURIComponent(day(0))}&readByUser=false${extra}`,
    { token },
  );

describe('notifications', () => {
  it('fans a notification out to every user of the chosen Mandataire profiles', async () => {
    const created = await notify({
      title: 'Nouvelle actualité',
      urlLink: '/news/1',
      expireAt: day(7),
      profilesToNotify: [`/profiles/${mandataire}`, junior],
    });
    expect(created.status).toBe(201);
    const targets = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.profileId, [mandataire, junior]));
    expect(created.body.recipients).toBe(targets.length);
    expect(created.body.profilesToNotify.sort()).toEqual(
      [`/profiles/${mandataire}`, `/profiles/${junior}`].sort(),
    );
    const lucas = await ctx.login(LUCAS);
    const forLucas = await bell(lucas, LUCAS);
    expect(
      forLucas.body['hydra:member'].map(
        (e: { notification: { title: string } }) => e.notification.title,
      ),
    ).toContain('Nouvelle actualité');
    // Staff profiles are not notified.
    const rows = await ctx.db
      .select()
      .from(notificationLists)
      .where(eq(notificationLists.notificationId, created.body.id));
    expect(rows.length).toBe(targets.length);
  });

  it('validates with the French messages', async () => {
    const response = await ctx.api('POST', '/notifications', {
      token: staff,
      body: { title: ' ', description: '', profilesToNotify: [], urlLink: 'pas une url' },
    });
    expect(response.status).toBe(422);
    expect(
      Object.fromEntries(
        response.body.violations.map((v: { propertyPath: string; message: string }) => [
          v.propertyPath,
          v.message,
        ]),
      ),
    ).toEqual({
      title: 'Ce champ est obligatoire.',
      description: 'Ce champ est obligatoire.',
      profilesToNotify: 'Ce champ est obligatoire.',
      urlLink: 'Ce champ doit être une URL valide',
    });
    const hubnup = (await ctx.db.select().from(profiles).where(eq(profiles.type, 'Hubnup')))[0]!;
    const staffTarget = await notify({ profilesToNotify: [`/profiles/${hubnup.id}`] });
    expect(staffTarget.status).toBe(422);
    expect(staffTarget.body.violations[0].message).toBe(
      `Le profil « /profiles/${hubnup.id} » n'existe pas.`,
    );
    expect((await notify({ urlLink: 'javascript:alert(1)' })).status).toBe(422);
    expect((await notify({ urlLink: 'https://www.exemple.fr/page' })).status).toBe(201);
  });

  it('keeps expired and future notifications out of the bell, and those without expiry in', async () => {
    await notify({ title: 'Expirée', expireAt: day(-1), createdAt: day(-10) });
    await notify({ title: 'Programmée', expireAt: day(10), createdAt: day(2) });
    await notify({ title: 'Sans expiration' });
    const titles = (await bell(agent, CLAIRE)).body['hydra:member'].map(
      (e: { notification: { title: string } }) => e.notification.title,
    );
    expect(titles).toContain('Sans expiration');
    expect(titles).not.toContain('Expirée');
    expect(titles).not.toContain('Programmée');
  });

  it('never answers another user’s notifications', async () => {
    const response = await bell(agent, JULIEN);
    expect(response.status).toBe(403);
    expect(response.body['hydra:description']).toBe('Accès refusé.');
    const upperCase = await bell(agent, CLAIRE.toUpperCase());
    expect(upperCase.status).toBe(200);
    const without = await ctx.api('GET', '/notification_lists', { token: agent });
    const [claire] = await ctx.db.select().from(users).where(eq(users.email, CLAIRE));
    const own = await ctx.db
      .select()
      .from(notificationLists)
      .where(eq(notificationLists.userId, claire!.id));
    expect(without.body['hydra:totalItems']).toBe(own.length);
  });

  it('marks only the caller’s entries read', async () => {
    await notify({ title: 'À marquer' });
    const mine = (await bell(agent, CLAIRE)).body['hydra:member'] as {
      id: number;
      '@id': string;
    }[];
    const theirs = (await bell(otherAgent, JULIEN)).body['hydra:member'] as { id: number }[];
    const marked = await ctx.api('POST', '/notification_lists/user', {
      token: agent,
      body: { notificationListIds: [mine[0]!.id, mine[1]!['@id'], theirs[0]!.id] },
    });
    expect(marked.status).toBe(200);
    expect(marked.body.updated).toBe(2);
    const left = (await bell(agent, CLAIRE)).body['hydra:totalItems'];
    expect(left).toBe(mine.length - 2);
    expect((await bell(otherAgent, JULIEN)).body['hydra:totalItems']).toBe(theirs.length);
  });

  it('lists, pages and updates notifications for staff only', async () => {
    const list = await ctx.api('GET', '/notifications?page=1', { token: staff });
    expect(list.status).toBe(200);
    expect(list.body['hydra:member'].length).toBeLessThanOrEqual(10);
    const first = list.body['hydra:member'][0];
    const patched = await ctx.api('PATCH', first['@id'], {
      token: staff,
      headers: mergePatch,
      body: { title: 'Titre modifié', urlLink: null, expireAt: '2030-01-31' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      title: 'Titre modifié',
      urlLink: null,
      expireAt: '2030-01-31T23:59:59.999Z',
    });
    const invalid = await ctx.api('PATCH', first['@id'], {
      token: staff,
      headers: mergePatch,
      body: { urlLink: 'ftp://x', title: '' },
    });
    expect(invalid.status).toBe(422);
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, first.id));
    expect(row!.title).toBe('Titre modifié');
    expect((await ctx.api('GET', '/notifications', { token: agent })).status).toBe(403);
    const byAgent = await ctx.api('POST', '/notifications', {
      token: agent,
      body: { title: 'x', description: 'y', profilesToNotify: [mandataire] },
    });
    expect(byAgent.status).toBe(403);
  });
});

describe('notification rules', () => {
  it('reads a rule by its IRI, for the callers of the list only', async () => {
    await expectItemsReadable(ctx, '/notification_rules', staff, agent);
  });

  it('lists the rules and toggles one', async () => {
    const rules = await ctx.api('GET', '/notification_rules', { token: staff });
    expect(rules.status).toBe(200);
    expect(rules.body['hydra:member'].length).toBe(4);
    const rule = rules.body['hydra:member'].find(
      (r: { name: string }) => r.name === 'reminder_due',
    );
    expect(rule.isActivate).toBe(false);
    const toggled = await ctx.api('PATCH', rule['@id'], {
      token: staff,
      headers: mergePatch,
      body: { isActivate: true },
    });
    expect(toggled.status).toBe(200);
    expect(toggled.body.isActivate).toBe(true);
    const admin = await ctx.login(ADMIN);
    expect(
      (
        await ctx.api('PATCH', rule['@id'], {
          token: admin,
          headers: mergePatch,
          body: { isActivate: null },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await ctx.api('PATCH', rule['@id'], {
          token: agent,
          headers: mergePatch,
          body: { isActivate: false },
        })
      ).status,
    ).toBe(403);
  });
});

describe('notifications by IRI', () => {
  it('reads a notification by its IRI, for staff only', async () => {
    // Sent to nobody: the bells of the tests above stay as they are.
    await ctx.db.insert(notifications).values({ title: 'Lisible', description: 'Par son IRI' });
    await expectItemsReadable(ctx, '/notifications', staff, agent);
  });
});
