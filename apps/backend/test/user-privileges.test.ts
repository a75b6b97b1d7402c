import * as XLSX from '@e965/xlsx';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components, profiles, users } from '../src/db/schema.js';
import { rowsOf } from '../src/db/rows.js';
import { NO_PASSWORD } from '../src/domain/user-accounts.js';
import { messages } from '../src/http/messages.js';
import { USER_RESET_MAIL_JOB } from '../src/jobs/user-reset-mails.js';
import { ADMIN, COMMUNICATION } from './helpers/accounts.js';
import { multipart } from './helpers/communication.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { insertStaffProfile, insertStaffUser, USER_ADMIN_COMPONENTS } from './helpers/staff.js';

/**
 * Privilege containment (issue 37, ASVS 8.2.1, 8.2.3): a staff user holding the user
 * administration components (and the staff matrix and portal settings) gives, and acts on, only
 * what he holds himself.
 */
let ctx: TestContext;
let admin: string;
let lesser: string;
let lesserId: number;
let lesserProfile: { id: number; name: string };
let adminId: number;
let adminProfile: number;
let communicationProfile: number;
/** A staff profile holding nothing: anyone may give it. */
let bareProfile: { id: number; name: string };
let emails = 0;

const LESSER_COMPONENTS = [...USER_ADMIN_COMPONENTS, 'hubnup_components', 'portail_settings'];
const iri = (id: number) => `/profiles/${id}`;
const nextEmail = () => `privileges.${++emails}@exemple.fr`;
const userBody = (profile: number, email = nextEmail()) => ({
  email,
  firstName: 'Essai',
  lastName: 'Droits',
  profile: iri(profile),
});

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN);
  lesserProfile = await insertStaffProfile(ctx.db, 'Gestion des comptes', LESSER_COMPONENTS);
  bareProfile = await insertStaffProfile(ctx.db, 'Sans droit', []);
  lesserId = (await insertStaffUser(ctx.db, lesserProfile, 'gestion@exemple.fr')).id;
  lesser = await ctx.login('gestion@exemple.fr');
  const [adminRow] = await ctx.db.select().from(users).where(eq(users.email, ADMIN));
  adminId = adminRow!.id;
  adminProfile = adminRow!.profileId;
  const [communicationRow] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.email, COMMUNICATION));
  communicationProfile = communicationRow!.profileId;
});
afterAll(() => ctx?.close());

async function userRow(id: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A fresh account of the profile, to act on. */
async function accountOf(profile: { id: number; name: string }) {
  const [row] = await ctx.db
    .insert(users)
    .values({
      email: nextEmail(),
      firstName: 'Cible',
      lastName: 'Droits',
      passwordHash: NO_PASSWORD,
      roles: [profile.name],
      profileId: profile.id,
    })
    .returning();
  return row!;
}

async function adminAccount() {
  const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, adminProfile));
  return accountOf(profile!);
}

const queuedMailsFor = async (userId: number) =>
  rowsOf<{ n: number }>(
    await ctx.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = ${USER_RESET_MAIL_JOB} and (data->>'userId')::int = ${userId}`,
    ),
  )[0]!.n;

function expectRefused(
  response: { status: number; body: Record<string, unknown> },
  message: string,
) {
  expect(response.status, JSON.stringify(response.body)).toBe(403);
  expect(response.body['hydra:description']).toBe(message);
}

function importFile(rows: string[][]) {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([['E-mail', 'Nom', 'Prénom', 'Profil', 'ID CGP'], ...rows]);
  XLSX.utils.book_append_sheet(book, sheet, 'Feuille 1');
  const data = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return multipart('file', data, 'import.xlsx', 'application/octet-stream');
}

describe('user administration gives and acts on no more than the caller holds', () => {
  it('refuses promoting one’s own account, and leaves it as it was', async () => {
    const before = (await ctx.api('GET', '/me', { token: lesser })).body.components;
    expect(before).toHaveLength(LESSER_COMPONENTS.length);
    const promoted = await ctx.api('PUT', `/users/${lesserId}`, {
      token: lesser,
      body: userBody(adminProfile, 'gestion@exemple.fr'),
    });
    expectRefused(promoted, messages.morePrivilegedProfile);
    expect((await userRow(lesserId))!.profileId).toBe(lesserProfile.id);
    expect((await ctx.api('GET', '/me', { token: lesser })).body.components).toEqual(before);
    // His own account with his own profile is still his to edit.
    const kept = await ctx.api('PUT', `/users/${lesserId}`, {
      token: lesser,
      body: { ...userBody(lesserProfile.id, 'gestion@exemple.fr'), lastName: 'Gestion' },
    });
    expect(kept.status).toBe(200);
  });

  it('refuses editing, resetting, disabling and deleting an administrator', async () => {
    const target = await adminAccount();
    const edited = await ctx.api('PUT', `/users/${target.id}`, {
      token: lesser,
      body: userBody(lesserProfile.id, 'pirate@exemple.fr'),
    });
    expectRefused(edited, messages.morePrivilegedUser);
    expect((await userRow(target.id))!.email).toBe(target.email);

    expectRefused(
      await ctx.api('POST', `/users/${target.id}/reset_password`, { token: lesser }),
      messages.morePrivilegedUser,
    );
    expect(await queuedMailsFor(target.id)).toBe(0);

    expectRefused(
      await ctx.api('POST', `/users/${adminId}/disable`, { token: lesser }),
      messages.morePrivilegedUser,
    );
    expect((await userRow(adminId))!.roles).toEqual(['ROLE_ADMIN']);
    expectRefused(
      await ctx.api('DELETE', `/users/${target.id}`, { token: lesser }),
      messages.morePrivilegedUser,
    );
    expect(await userRow(target.id)).toBeDefined();

    // A suspended administrator is still one: saving his form would give his rights back.
    await ctx.db
      .update(users)
      .set({ roles: ['ROLE_DISABLED'] })
      .where(eq(users.id, target.id));
    expectRefused(
      await ctx.api('PUT', `/users/${target.id}`, {
        token: lesser,
        body: userBody(adminProfile, target.email),
      }),
      messages.morePrivilegedUser,
    );
    expectRefused(
      await ctx.api('DELETE', `/users/${target.id}`, { token: lesser }),
      messages.morePrivilegedUser,
    );
    // Unknown stays a 404.
    expect((await ctx.api('DELETE', '/users/999999', { token: lesser })).status).toBe(404);
  });

  it('refuses creating an account above the caller, not one at or below him', async () => {
    const body = userBody(adminProfile);
    expectRefused(
      await ctx.api('POST', '/users', { token: lesser, body }),
      messages.morePrivilegedProfile,
    );
    expectRefused(
      await ctx.api('POST', '/users', { token: lesser, body: userBody(communicationProfile) }),
      messages.morePrivilegedProfile,
    );
    expect(await ctx.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);

    const same = await ctx.api('POST', '/users', {
      token: lesser,
      body: userBody(lesserProfile.id),
    });
    expect(same.status).toBe(201);
    const below = await ctx.api('POST', '/users', {
      token: lesser,
      body: userBody(bareProfile.id),
    });
    expect(below.status).toBe(201);
  });

  it('lets the caller act on the accounts at or below him', async () => {
    const target = await accountOf(bareProfile);
    const edited = await ctx.api('PUT', `/users/${target.id}`, {
      token: lesser,
      body: userBody(lesserProfile.id, target.email),
    });
    expect(edited.status).toBe(200);
    expect(
      (await ctx.api('POST', `/users/${target.id}/reset_password`, { token: lesser })).status,
    ).toBe(202);
    expect((await ctx.api('POST', `/users/${target.id}/disable`, { token: lesser })).status).toBe(
      200,
    );
    expect((await ctx.api('DELETE', `/users/${target.id}`, { token: lesser })).status).toBe(204);
  });

  it('gives an imported row above the caller its verdict, in the preview and the import', async () => {
    const above = nextEmail();
    const allowed = nextEmail();
    const file = () =>
      importFile([
        [above, 'Droits', 'Essai', 'Admin', ''],
        [allowed, 'Droits', 'Essai', 'Sans droit', ''],
      ]);
    const verdict = `Profil : ${messages.morePrivilegedProfile}`;
    const preview = await ctx.api('POST', '/users/import/preview', {
      token: lesser,
      ...(await file()),
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ valid: 1, invalid: 1, imported: 0 });
    expect(preview.body.rows[0].errors).toEqual([verdict]);
    expect(preview.body.rows[1].errors).toEqual([]);

    const imported = await ctx.api('POST', '/users/import', { token: lesser, ...(await file()) });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ valid: 1, invalid: 1, imported: 1 });
    expect(imported.body.rows[0].errors).toEqual([verdict]);
    expect(await ctx.db.select().from(users).where(eq(users.email, above))).toHaveLength(0);
    expect(await ctx.db.select().from(users).where(eq(users.email, allowed))).toHaveLength(1);

    // The administrator imports an administrator as before.
    const adminImport = await ctx.api('POST', '/users/import/preview', {
      token: admin,
      ...(await file()),
    });
    expect(adminImport.body).toMatchObject({ valid: 1, invalid: 1 });
    expect(adminImport.body.rows[0].errors).toEqual([]);
  });

  it('refuses ending a session of an account above the caller', async () => {
    const adminToken = await ctx.login(ADMIN);
    const sid = decodeJwt(adminToken).sid as string;
    expectRefused(
      await ctx.api('DELETE', `/sessions/${sid}`, { token: lesser }),
      messages.morePrivilegedUser,
    );
    expect((await ctx.api('GET', '/me', { token: adminToken })).status).toBe(200);

    // An administrator viewing the portal as a lesser account: his session is not the caller's to end.
    const target = await insertStaffUser(ctx.db, bareProfile, nextEmail());
    const viewing = await ctx.api('GET', `/administration/impersonate-user/${target.id}`, {
      token: admin,
    });
    expect(viewing.status).toBe(200);
    const viewingSid = decodeJwt(viewing.body.token).sid as string;
    expectRefused(
      await ctx.api('DELETE', `/sessions/${viewingSid}`, { token: lesser }),
      messages.morePrivilegedUser,
    );

    const own = await insertStaffUser(ctx.db, bareProfile, nextEmail());
    const ownToken = await ctx.login(own.email);
    const ended = await ctx.api('DELETE', `/sessions/${decodeJwt(ownToken).sid}`, {
      token: lesser,
    });
    expect(ended.status).toBe(204);
    expect((await ctx.api('GET', '/me', { token: ownToken })).status).toBe(401);
  });

  it('holds the spec’s calls to the same rule: roles on POST, merge-patch on the @id', async () => {
    const mergePatch = { 'content-type': 'application/merge-patch+json' };
    const patch = (id: number, body: unknown) =>
      ctx.api('PATCH', `/users/${id}`, { token: lesser, body, headers: mergePatch });
    const spec = (role: string, email = nextEmail()) => ({
      email,
      firstName: 'Essai',
      lastName: 'Rôles',
      roles: [role],
    });
    // Creating with a role he lacks.
    const above = spec('ROLE_ADMIN');
    expectRefused(
      await ctx.api('POST', '/users', { token: lesser, body: above }),
      messages.morePrivilegedProfile,
    );
    expect(await ctx.db.select().from(users).where(eq(users.email, above.email))).toHaveLength(0);
    expect(
      (await ctx.api('POST', '/users', { token: lesser, body: spec(bareProfile.name) })).status,
    ).toBe(201);

    // Promoting himself, or an account below him, to a role he lacks.
    expectRefused(await patch(lesserId, { roles: ['ROLE_ADMIN'] }), messages.morePrivilegedProfile);
    expect((await userRow(lesserId))!.profileId).toBe(lesserProfile.id);
    const below = await accountOf(bareProfile);
    expectRefused(
      await patch(below.id, { roles: [`ROLE_COMMUNICATION`] }),
      messages.morePrivilegedProfile,
    );
    expectRefused(
      await patch(below.id, { profile: iri(adminProfile) }),
      messages.morePrivilegedProfile,
    );
    expect((await userRow(below.id))!.roles).toEqual([bareProfile.name]);

    // Acting on a stronger account: suspending it, renaming it, demoting it.
    const target = await adminAccount();
    for (const body of [
      { roles: ['ROLE_DISABLED'] },
      { lastName: 'Pirate' },
      { roles: [bareProfile.name] },
      { reminderFrequency: ['DAILY'] },
    ])
      expectRefused(await patch(target.id, body), messages.morePrivilegedUser);
    expect(await userRow(target.id)).toMatchObject({
      roles: ['ROLE_ADMIN'],
      lastName: target.lastName,
      profileId: adminProfile,
      reminderFrequency: target.reminderFrequency,
    });
    // A suspended administrator is still one: giving a role back is his rights back.
    await ctx.db
      .update(users)
      .set({ roles: ['ROLE_DISABLED'] })
      .where(eq(users.id, target.id));
    expectRefused(await patch(target.id, { roles: ['ROLE_ADMIN'] }), messages.morePrivilegedUser);
    expect((await userRow(target.id))!.roles).toEqual(['ROLE_DISABLED']);

    // Within his rights: suspend, then reactivate by the role.
    expect((await patch(below.id, { roles: ['ROLE_DISABLED'] })).body.roles).toEqual([
      'ROLE_DISABLED',
    ]);
    const back = await patch(below.id, { roles: [lesserProfile.name] });
    expect(back.status, back.text).toBe(200);
    expect(back.body.roles).toEqual([lesserProfile.name]);
  });

  it('offers only the profiles the caller may give', async () => {
    const titles = async (token: string, query = '?assignable=true') =>
      (await ctx.api('GET', `/profiles${query}`, { token })).body['hydra:member'].map(
        (p: { title: string }) => p.title,
      );
    const offered = await titles(lesser);
    expect(offered).toContain('Gestion des comptes');
    expect(offered).toContain('Sans droit');
    expect(offered).not.toContain('Admin');
    expect(offered).not.toContain('Communication');
    expect(offered).not.toContain('Mandataire');
    expect(await titles(lesser, '?assignable=false')).toContain('Admin');
    expect(await titles(lesser, '')).toContain('Admin');
    expect(await titles(admin)).toEqual(await titles(admin, ''));
  });
});

describe('profiles and their components change only within the caller’s rights', () => {
  const componentId = async (name: string) =>
    (await ctx.db.select().from(components).where(eq(components.name, name)))[0]!.id;
  const holders = async (name: string) =>
    (await ctx.api('GET', '/components', { token: admin })).body['hydra:member'].find(
      (c: { name: string }) => c.name === name,
    ).profiles as string[];
  const save = async (name: string, list: string[]) =>
    ctx.api('PUT', `/components/${await componentId(name)}`, {
      token: lesser,
      body: { profiles: list },
    });

  it('refuses granting a component the caller lacks, even to his own profile', async () => {
    const list = await holders('jobs_page');
    expectRefused(
      await save('jobs_page', [...list, iri(lesserProfile.id)]),
      messages.componentNotHeld,
    );
    expectRefused(
      await save('jobs_page', [...list, iri(bareProfile.id)]),
      messages.componentNotHeld,
    );
    expect(await holders('jobs_page')).toEqual(list);
  });

  it('refuses changing a profile holding more than the caller, and allows the others', async () => {
    const list = await holders('users_page');
    // Communication holds the news, which the caller does not: not his to extend.
    expectRefused(
      await save('users_page', [...list, iri(communicationProfile)]),
      messages.morePrivilegedProfile,
    );
    // Nor to take a component from the administrators.
    expectRefused(
      await save(
        'users_page',
        list.filter((profile) => profile !== iri(adminProfile)),
      ),
      messages.morePrivilegedProfile,
    );
    expect(await holders('users_page')).toEqual(list);
    const granted = await save('users_page', [...list, iri(bareProfile.id)]);
    expect(granted.status).toBe(200);
    expect(granted.body.profiles).toContain(iri(bareProfile.id));
    expect((await save('users_page', list)).status).toBe(200);
  });

  it('refuses deleting a profile holding more than the caller', async () => {
    const above = await insertStaffProfile(ctx.db, 'Tâches', ['jobs_page']);
    expectRefused(
      await ctx.api('DELETE', `/profiles/${above.id}`, { token: lesser }),
      messages.morePrivilegedProfile,
    );
    const below = await insertStaffProfile(ctx.db, 'Vide', []);
    expect((await ctx.api('DELETE', `/profiles/${below.id}`, { token: lesser })).status).toBe(204);
    expect((await ctx.api('DELETE', `/profiles/${below.id}`, { token: lesser })).status).toBe(404);
  });
});
