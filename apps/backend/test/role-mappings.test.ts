import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles, trainingRoleMappings, type TrainingRole } from '../src/db/schema.js';
import { messages } from '../src/http/messages.js';
import { ADMIN, COMMUNICATION } from './helpers/accounts.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { insertStaffProfile, insertStaffUser } from './helpers/staff.js';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN);
});
afterAll(() => ctx?.close());

const save = (body: unknown) =>
  ctx.api('PATCH', '/odysseal/roles', {
    token: admin,
    body,
    headers: { 'content-type': 'application/merge-patch+json' },
  });

describe('training-platform role mapping', () => {
  it('lists every profile with its mapped role, Admin as ROLE_ADMIN by default', async () => {
    const response = await ctx.api('GET', '/odysseal/roles', { token: admin });
    expect(response.status).toBe(200);
    // No item operation names a mapping: each is a blank node (a genid), typed.
    for (const member of response.body['hydra:member'])
      expect(member).toMatchObject({
        '@id': expect.stringMatching(/^\/\.well-known\/genid\//),
        '@type': 'RoleMapping',
      });
    expect(
      response.body['hydra:member'].map(
        ({ '@id': _id, '@type': _type, ...mapping }: Record<string, unknown>) => mapping,
      ),
    ).toEqual([
      { name: 'ROLE_ADMIN', title: 'Admin', mappedRole: 'ROLE_ADMIN' },
      { name: 'ROLE_COMMUNICATION', title: 'Communication', mappedRole: null },
      { name: 'ROLE_MANDATAIRE', title: 'Mandataire', mappedRole: 'ROLE_TRAINED' },
      {
        name: 'ROLE_MANDATAIRE - JUNIOR',
        title: 'Mandataire - Junior',
        mappedRole: 'ROLE_TRAINED',
      },
    ]);
  });

  it('saves the listed profiles and keeps the others', async () => {
    const response = await save([
      { name: 'ROLE_COMMUNICATION', title: 'Communication', mappedRole: 'ROLE_RP' },
      { name: 'ROLE_MANDATAIRE', mappedRole: 'ROLE_TRAINER' },
    ]);
    expect(response.status).toBe(200);
    const byName = Object.fromEntries(
      response.body['hydra:member'].map((m: { name: string; mappedRole: string | null }) => [
        m.name,
        m.mappedRole,
      ]),
    );
    expect(byName).toEqual({
      ROLE_ADMIN: 'ROLE_ADMIN',
      ROLE_COMMUNICATION: 'ROLE_RP',
      ROLE_MANDATAIRE: 'ROLE_TRAINER',
      'ROLE_MANDATAIRE - JUNIOR': 'ROLE_TRAINED',
    });
  });

  it('requires at least one administrator', async () => {
    const response = await save([{ name: 'ROLE_ADMIN', mappedRole: null }]);
    expect(response.status).toBe(422);
    expect(response.body.violations[0].message).toBe(
      'Vous devez sélectionnez au moins un administrateur',
    );
    const after = await ctx.api('GET', '/odysseal/roles', { token: admin });
    expect(after.body['hydra:member'][0].mappedRole).toBe('ROLE_ADMIN');
  });

  it('moves the administrator role in one save', async () => {
    const response = await save([
      { name: 'ROLE_ADMIN', mappedRole: null },
      { name: 'ROLE_COMMUNICATION', mappedRole: 'ROLE_ADMIN' },
    ]);
    expect(response.status).toBe(200);
  });

  it('refuses unknown profiles and roles', async () => {
    expect((await save([{ name: 'ROLE_INCONNU', mappedRole: 'ROLE_ADMIN' }])).status).toBe(422);
    const unknownRole = await save([{ name: 'ROLE_ADMIN', mappedRole: 'ROLE_ROOT' }]);
    expect(unknownRole.status).toBe(422);
    expect(unknownRole.body.violations[0].propertyPath).toBe('[0].mappedRole');
    expect((await save([])).status).toBe(422);
  });

  it('is reserved to holders of odysseal_roles_page', async () => {
    const token = await ctx.login(COMMUNICATION);
    expect((await ctx.api('GET', '/odysseal/roles', { token })).status).toBe(403);
  });
});

describe('training roles within the caller’s own (privilege containment)', () => {
  // A holder of odysseal_roles_page alone, whose profile's training role the test sets.
  let clerk: string;
  let clerkProfile: string;
  let bareProfile: string;
  const mapOf = async (token: string) =>
    Object.fromEntries(
      (await ctx.api('GET', '/odysseal/roles', { token })).body['hydra:member'].map(
        (m: { name: string; mappedRole: string | null }) => [m.name, m.mappedRole],
      ),
    );
  const setRole = async (profileName: string, mappedRole: TrainingRole | null) => {
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.name, profileName));
    await ctx.db
      .insert(trainingRoleMappings)
      .values({ profileId: profile!.id, mappedRole })
      .onConflictDoUpdate({ target: trainingRoleMappings.profileId, set: { mappedRole } });
  };
  const saveAs = (token: string, body: unknown) =>
    ctx.api('PATCH', '/odysseal/roles', {
      token,
      body,
      headers: { 'content-type': 'application/merge-patch+json' },
    });

  beforeAll(async () => {
    const profile = await insertStaffProfile(ctx.db, 'Rôles formation', ['odysseal_roles_page']);
    clerkProfile = profile.name;
    await insertStaffUser(ctx.db, profile, 'roles.formation@reseau-patrimoine.fr');
    bareProfile = (await insertStaffProfile(ctx.db, 'Formation - Sans composant', [])).name;
    await setRole('ROLE_ADMIN', 'ROLE_ADMIN');
    clerk = await ctx.login('roles.formation@reseau-patrimoine.fr');
  });

  it("refuses giving the training platform's administrator role to one who is not its administrator, his own profile included", async () => {
    const before = await mapOf(admin);
    for (const name of [clerkProfile, bareProfile]) {
      const response = await saveAs(clerk, [{ name, mappedRole: 'ROLE_ADMIN' }]);
      expect(response.status).toBe(403);
      expect(response.body['hydra:description']).toBe(messages.trainingRoleNotHeld);
    }
    expect(await mapOf(admin)).toEqual(before);
  });

  it('gives and takes away only the training role he holds, on profiles within his rights', async () => {
    await setRole(clerkProfile, 'ROLE_TRAINER');
    expect((await saveAs(clerk, [{ name: bareProfile, mappedRole: 'ROLE_TRAINER' }])).status).toBe(
      200,
    );
    const other = await saveAs(clerk, [{ name: bareProfile, mappedRole: 'ROLE_RP' }]);
    expect(other.status).toBe(403);
    expect(other.body['hydra:description']).toBe(messages.trainingRoleNotHeld);
    // Taking away the administrators' role acts on accounts above him.
    const demote = await saveAs(clerk, [{ name: 'ROLE_ADMIN', mappedRole: 'ROLE_TRAINER' }]);
    expect(demote.status).toBe(403);
    // A profile holding components he lacks: its accounts are above him, whatever the role.
    const above = await saveAs(clerk, [{ name: 'ROLE_MANDATAIRE', mappedRole: null }]);
    expect(above.status).toBe(403);
    expect(above.body['hydra:description']).toBe(messages.morePrivilegedProfile);
    expect((await saveAs(clerk, [{ name: bareProfile, mappedRole: null }])).status).toBe(200);
    // The screen sends every row: rows left as they are change nothing and pass.
    const whole = (await ctx.api('GET', '/odysseal/roles', { token: clerk })).body[
      'hydra:member'
    ].map(({ name, mappedRole }: { name: string; mappedRole: string | null }) => ({
      name,
      mappedRole,
    }));
    expect((await saveAs(clerk, whole)).status).toBe(200);
  });

  it("lets the training platform's administrator give any role", async () => {
    expect((await saveAs(admin, [{ name: bareProfile, mappedRole: 'ROLE_ADMIN' }])).status).toBe(
      200,
    );
    expect((await saveAs(admin, [{ name: bareProfile, mappedRole: null }])).status).toBe(200);
  });
});
