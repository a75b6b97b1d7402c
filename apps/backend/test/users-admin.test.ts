import { eq, sql } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, mailOutbox, reminderLists, reminders } from '../src/db/schema.js';
import { rowsOf } from '../src/db/rows.js';
import { messages } from '../src/http/messages.js';
import {
  USER_RESET_MAIL_JOB,
  type UserResetMailData,
  userResetMailJob,
} from '../src/jobs/user-reset-mails.js';
import type { Mailer } from '../src/mail.js';
import { ADMIN, CLAIRE, JULIEN, LUCAS } from './helpers/accounts.js';
import { multipart } from './helpers/communication.js';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
let admin: string;
let agentProfile: string;
let staffProfile: string;
/** CGP ids of two agents without an account. */
let freeCgpIds: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN);
  const profiles = (await ctx.api('GET', '/profiles', { token: admin })).body['hydra:member'] as {
    '@id': string;
    name: string;
  }[];
  agentProfile = profiles.find((p) => p.name === 'ROLE_MANDATAIRE')!['@id'];
  staffProfile = profiles.find((p) => p.name === 'ROLE_ADMIN')!['@id'];
  freeCgpIds = ['CGP9001', 'CGP9002'];
  await ctx.db.insert(agents).values(
    freeCgpIds.map((cgpId, index) => ({
      cgpId,
      firstname: 'Sans',
      lastname: `Compte ${index}`,
      email: `sans.compte${index}@exemple.fr`,
    })),
  );
});
afterAll(() => ctx?.close());

/** The reset-mail jobs waiting in the queue, by user id. */
const WELCOME_SUBJECT =
  'Bienvenue sur le Portail Réseau Patrimoine : choisissez votre mot de passe';

async function queuedJobs(): Promise<UserResetMailData[]> {
  const rows = rowsOf<{ data: UserResetMailData }>(
    await ctx.db.execute(
      sql`select data from pgboss.job where name = ${USER_RESET_MAIL_JOB} and state = 'created'`,
    ),
  );
  return rows.map((row) => row.data);
}

const queuedMails = async () => (await queuedJobs()).map((data) => data.userId);

async function workMails(mailer: Mailer = ctx.mailer) {
  const job = userResetMailJob({ db: ctx.db, config: ctx.config, mailer });
  for (const data of await queuedJobs()) await job.run(data, { id: 'test', retryCount: 0 });
  await ctx.db.execute(sql`delete from pgboss.job where name = ${USER_RESET_MAIL_JOB}`);
}

const mailsTo = async (to: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

function xlsx(rows: (string | null)[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Feuille 1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe('user administration', () => {
  it('creates an agent user, gives him the displayed network reminders and mails his link', async () => {
    const [network] = await ctx.db
      .insert(reminders)
      .values({ title: 'Réunion réseau', date: new Date(), type: 'hubnup', displayed: true })
      .returning({ id: reminders.id });

    const invalid = await ctx.api('POST', '/users', {
      token: admin,
      body: { email: 'pas-un-mail', firstName: '', lastName: 'X', profile: agentProfile },
    });
    expect(invalid.status).toBe(422);
    const paths = invalid.body.violations.map((v: { propertyPath: string }) => v.propertyPath);
    expect(paths).toEqual(['email', 'firstName', 'cgpId']);
    expect(invalid.body.violations[0].message).toBe(
      "Cette valeur n'est pas une adresse email valide.",
    );
    const unknownProfile = await ctx.api('POST', '/users', {
      token: admin,
      body: { email: 'a@b.fr', firstName: 'A', lastName: 'B', profile: '/profiles/9999' },
    });
    expect(unknownProfile.status).toBe(422);

    const created = await ctx.api('POST', '/users', {
      token: admin,
      body: {
        email: 'Nouveau.Agent@Exemple.fr',
        firstName: 'Nouveau',
        lastName: 'Agent',
        profile: agentProfile,
        cgpId: freeCgpIds[0],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email: 'nouveau.agent@exemple.fr',
      cgpId: freeCgpIds[0],
      roles: ['ROLE_MANDATAIRE'],
    });
    const entries = await ctx.db
      .select()
      .from(reminderLists)
      .where(eq(reminderLists.userId, created.body.id));
    expect(entries.map((e) => e.reminderId)).toContain(network!.id);

    // The same address again is refused.
    const twice = await ctx.api('POST', '/users', {
      token: admin,
      body: {
        email: 'nouveau.agent@exemple.fr',
        firstName: 'N',
        lastName: 'A',
        profile: staffProfile,
      },
    });
    expect(twice.status).toBe(422);

    // A mail server that is down fails the job (the queue retries it); nothing is lost.
    expect(await queuedMails()).toEqual([created.body.id]);
    const down: Mailer = { ...ctx.mailer, send: () => Promise.reject(new Error('smtp down')) };
    const job = userResetMailJob({ db: ctx.db, config: ctx.config, mailer: down });
    await expect(job.run({ userId: created.body.id }, { id: 'x', retryCount: 0 })).rejects.toThrow(
      'smtp down',
    );
    await workMails();
    const [mail] = await mailsTo('nouveau.agent@exemple.fr');
    expect(mail!.text).toContain(`${ctx.config.agentAppUrl}/reset-password/`);
    // A new account is welcomed, not told of a reset he never asked for.
    expect(mail!.subject).toBe(WELCOME_SUBJECT);
    expect(mail!.text).toContain('Votre compte sur le Portail Réseau Patrimoine vient d’être créé');
    expect(mail!.text).not.toContain('réinitialisation');
  });

  it('edits, resets, deactivates (sessions refused at once), reactivates and deletes', async () => {
    const julien = (await ctx.api('GET', `/users?email=${JULIEN}`, { token: admin })).body[
      'hydra:member'
    ][0];
    const edited = await ctx.api('PUT', `/users/${julien.id}`, {
      token: admin,
      body: {
        email: JULIEN,
        firstName: 'Julien',
        lastName: 'Lefebvre-Modifié',
        profile: julien.profile['@id'],
        cgpId: 'CGP0002',
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.lastName).toBe('Lefebvre-Modifié');

    expect(
      (await ctx.api('POST', `/users/${julien.id}/reset_password`, { token: admin })).status,
    ).toBe(202);
    await workMails();
    const resets = await mailsTo(JULIEN);
    expect(resets.length).toBeGreaterThan(0);
    // A reset asked by staff stays the reset mail.
    expect(resets.map((mail) => mail.subject)).toContain('Réinitialisation de votre mot de passe');
    expect(
      resets.every((mail) => mail.text.includes('Vous avez demandé la réinitialisation')),
    ).toBe(true);

    const token = await ctx.login(JULIEN);
    expect((await ctx.api('GET', '/me', { token })).status).toBe(200);
    const disabled = await ctx.api('POST', `/users/${julien.id}/disable`, { token: admin });
    expect(disabled.status).toBe(200);
    expect(disabled.body.roles).toEqual(['ROLE_DISABLED']);
    expect((await ctx.api('GET', '/me', { token })).status).toBe(401);
    expect(
      (await ctx.api('POST', `/users/${julien.id}/reset_password`, { token: admin })).status,
    ).toBe(422);

    // Editing the profile reactivates the account.
    const back = await ctx.api('PUT', `/users/${julien.id}`, {
      token: admin,
      body: {
        email: JULIEN,
        firstName: 'Julien',
        lastName: 'Lefebvre',
        profile: julien.profile['@id'],
        cgpId: 'CGP0002',
      },
    });
    expect(back.body.roles).toEqual([julien.profile.name]);
    expect((await ctx.api('GET', '/me', { token: await ctx.login(JULIEN) })).status).toBe(200);

    // Nobody suspends or deletes himself.
    const me = (await ctx.api('GET', `/users?email=${ADMIN}`, { token: admin })).body[
      'hydra:member'
    ][0];
    expect((await ctx.api('POST', `/users/${me.id}/disable`, { token: admin })).status).toBe(403);
    expect((await ctx.api('DELETE', `/users/${me.id}`, { token: admin })).status).toBe(403);

    const lucas = (await ctx.api('GET', `/users?email=${LUCAS}`, { token: admin })).body[
      'hydra:member'
    ][0];
    const lucasToken = await ctx.login(LUCAS);
    expect((await ctx.api('DELETE', `/users/${lucas.id}`, { token: admin })).status).toBe(204);
    expect((await ctx.api('GET', '/me', { token: lucasToken })).status).toBe(401);
    expect((await ctx.api('GET', `/users/${lucas.id}`, { token: admin })).status).toBe(404);
  });

  it('looks up an active agent by e-mail and name for the CGP id', async () => {
    const found = await ctx.api(
      'GET',
      `/consultants?email=${encodeURIComponent(CLAIRE.toUpperCase())}&lastName=martin&firstName=Claire&status=actif`,
      { token: admin },
    );
    expect(found.body['hydra:member'].map((c: { idCgp: string }) => c.idCgp)).toEqual(['CGP0001']);
    const none = await ctx.api('GET', '/consultants?email=personne@exemple.fr&status=actif', {
      token: admin,
    });
    expect(none.body['hydra:member']).toEqual([]);
  });

  it('previews an import row by row, then imports the valid rows and queues their mails', async () => {
    const file = xlsx([
      ['E-mail', 'Nom', 'Prénom', 'Profil', 'ID CGP'],
      ['import.un@exemple.fr', 'Un', 'Import', 'Mandataire', freeCgpIds[1]!],
      ['import.deux@exemple.fr', 'Deux', 'Import', 'Admin', ''],
      ['import.trois@exemple.fr', 'Trois', 'Import', 'ROLE_COMMUNICATION', null],
      ['pas-un-mail', 'Quatre', 'Import', 'Inconnu', ''],
      ['import.un@exemple.fr', 'Cinq', 'Import', 'Mandataire', ''],
      [CLAIRE, 'Martin', 'Claire', 'Admin', ''],
    ]);
    const preview = await ctx.api('POST', '/users/import/preview', {
      token: admin,
      ...(await multipart('file', file, 'import.xlsx', 'application/octet-stream')),
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ valid: 3, invalid: 3, imported: 0 });
    const errors = preview.body.rows.map((row: { errors: string[] }) => row.errors);
    expect(errors[3]).toEqual([
      "E-mail : Cette valeur n'est pas une adresse email valide.",
      "Profil : Le profil « Inconnu » n'existe pas.",
    ]);
    expect(errors[4]).toEqual([
      "ID CGP : L'ID CGP est obligatoire pour un profil mandataire.",
      'E-mail : Cette adresse e-mail figure plusieurs fois dans le fichier.',
    ]);
    expect(errors[5]).toEqual(['E-mail : Cette adresse e-mail est déjà utilisée.']);
    // Nothing was written by the preview.
    expect((await ctx.api('GET', '/users?email=import.', { token: admin })).body).toMatchObject({
      'hydra:totalItems': 0,
    });

    const imported = await ctx.api('POST', '/users/import', {
      token: admin,
      ...(await multipart('file', file, 'import.xlsx', 'application/octet-stream')),
    });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ valid: 3, invalid: 3, imported: 3 });
    expect((await queuedMails()).length).toBe(3);
    await workMails();
    expect((await mailsTo('import.deux@exemple.fr')).map((mail) => mail.subject)).toEqual([
      WELCOME_SUBJECT,
    ]);

    // A renamed executable or a text file is no spreadsheet: a French 422.
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03'), Buffer.alloc(200)]);
    const refused = await ctx.api('POST', '/users/import/preview', {
      token: admin,
      ...(await multipart('file', exe, 'users.xlsx', 'application/octet-stream')),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.violations[0].message).toBe(
      "Ce fichier n'est pas un classeur Excel (.xls ou .xlsx).",
    );

    const template = await ctx.api('GET', '/users/import/template', { token: admin });
    expect(template.status).toBe(200);
    const book = XLSX.read(template.raw, { type: 'buffer' });
    const header = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
    })[0];
    expect(header).toEqual(['E-mail', 'Nom', 'Prénom', 'Profil', 'ID CGP']);

    // The template's examples name real profiles and a real agent: sent back as is, every row
    // is valid.
    const checked = await ctx.api('POST', '/users/import/preview', {
      token: admin,
      ...(await multipart('file', template.raw, 'modele.xlsx', 'application/octet-stream')),
    });
    expect(checked.status).toBe(200);
    const examples = checked.body.rows as {
      profile: string;
      cgpId: string | null;
      errors: string[];
    }[];
    expect(examples.map((row) => row.cgpId === null)).toEqual([false, true]);
    for (const row of examples) expect(row.errors).toEqual([]);
  });

  it('gives a row whose cell holds a NUL a French verdict, and imports the others', async () => {
    const file = xlsx([
      ['E-mail', 'Nom', 'Prénom', 'Profil', 'ID CGP'],
      ['nul.un@exemple.fr', 'Un\u0000', 'Nul', 'Admin', ''],
      ['nul.deux\u0000@exemple.fr', 'Deux', 'Nul', 'Admin', ''],
      ['nul.trois@exemple.fr', 'Trois', 'Nul', 'Admin', ''],
    ]);
    const form = () => multipart('file', file, 'import.xlsx', 'application/octet-stream');
    const preview = await ctx.api('POST', '/users/import/preview', {
      token: admin,
      ...(await form()),
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ valid: 1, invalid: 2, imported: 0 });
    const rows = preview.body.rows as { line: number; errors: string[] }[];
    expect(rows.map((row) => row.line)).toEqual([2, 3, 4]);
    expect(rows[0]!.errors).toContain(`Nom : ${messages.cellForbiddenCharacter}`);
    expect(rows[1]!.errors).toContain(`E-mail : ${messages.cellForbiddenCharacter}`);
    expect(JSON.stringify(preview.body)).not.toContain('\\u0000');

    const imported = await ctx.api('POST', '/users/import', { token: admin, ...(await form()) });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ valid: 1, invalid: 2, imported: 1 });
    expect(
      (await ctx.api('GET', '/users?email=nul.', { token: admin })).body['hydra:totalItems'],
    ).toBe(1);
  });

  it('keeps agents out of user administration', async () => {
    const claire = await ctx.login(CLAIRE);
    expect(
      (
        await ctx.api('POST', '/users', {
          token: claire,
          body: { email: 'x@y.fr', firstName: 'X', lastName: 'Y', profile: staffProfile },
        })
      ).status,
    ).toBe(403);
    expect((await ctx.api('GET', '/users/import/template', { token: claire })).status).toBe(403);
  });
});

describe('the spec’s user calls (issue 39): roles, merge-patch on the @id', () => {
  const mergePatch = { 'content-type': 'application/merge-patch+json' };
  const patch = (id: number, body: unknown, token = admin) =>
    ctx.api('PATCH', `/users/${id}`, { token, body, headers: mergePatch });
  const spec = (email: string, roles: unknown, more: Record<string, unknown> = {}) => ({
    email,
    firstName: 'Spec',
    lastName: 'Utilisateur',
    roles,
    ...more,
  });
  const expectFrench = (response: { status: number; body: Record<string, unknown> }) => {
    expect(response.status, JSON.stringify(response.body)).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    // A French sentence, never the framework's English.
    expect(response.body['hydra:description']).toMatch(
      /\b(le|la|les|doit|est|une?|des?|cette|ce|champ|valeur|corps)\b/i,
    );
  };

  it('creates a user from the spec’s roles (first role the profile) and mails his link', async () => {
    const created = await ctx.api('POST', '/users', {
      token: admin,
      body: spec('Roles.Agent@Exemple.fr', ['ROLE_MANDATAIRE'], { cgpId: freeCgpIds[1] }),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      email: 'roles.agent@exemple.fr',
      roles: ['ROLE_MANDATAIRE'],
      cgpId: freeCgpIds[1],
      profile: { name: 'ROLE_MANDATAIRE' },
    });
    expect(await queuedMails()).toContain(created.body.id);
    await workMails();
    const [mail] = await mailsTo('roles.agent@exemple.fr');
    expect(mail!.text).toContain(`${ctx.config.agentAppUrl}/reset-password/`);

    // A staff profile by its role; both names agreeing is accepted too.
    const staff = await ctx.api('POST', '/users', {
      token: admin,
      body: spec('roles.staff@exemple.fr', ['ROLE_ADMIN'], { profile: staffProfile }),
    });
    expect(staff.status, staff.text).toBe(201);
    expect(staff.body.roles).toEqual(['ROLE_ADMIN']);
  });

  it('answers bad roles with a French 4xx, never a 500', async () => {
    const refused = async (roles: unknown, more: Record<string, unknown> = {}) => {
      const response = await ctx.api('POST', '/users', {
        token: admin,
        body: spec(`mauvais.${Math.random()}@exemple.fr`, roles, more),
      });
      expectFrench(response);
      return response;
    };
    for (const roles of ['ROLE_ADMIN', [], [42], [null], { 0: 'ROLE_ADMIN' }, ['x'.repeat(65)]])
      expect((await refused(roles)).status).toBe(422);
    const unknown = await refused(['ROLE_INCONNU']);
    expect(unknown.status).toBe(422);
    expect(unknown.body.violations).toMatchObject([
      { propertyPath: 'roles', message: messages.unknownProfile('ROLE_INCONNU') },
    ]);
    expect((await refused(['ROLE_DISABLED'])).body.violations[0].propertyPath).toBe('roles');
    expect((await refused(['ROLE_\u0000ADMIN'])).status).toBeLessThan(500);
    // Two names for two profiles.
    expect((await refused(['ROLE_ADMIN'], { profile: agentProfile })).status).toBe(422);
    // Neither roles nor profile.
    const none = await ctx.api('POST', '/users', {
      token: admin,
      body: { email: 'sans.profil@exemple.fr', firstName: 'A', lastName: 'B' },
    });
    expect(none.status).toBe(422);
    expect(none.body.violations).toMatchObject([
      { propertyPath: 'profile', message: messages.required },
    ]);
  });

  it('edits, deactivates (sessions ended) and reactivates by merge-patch on the @id', async () => {
    const julien = (await ctx.api('GET', `/users?email=${JULIEN}`, { token: admin })).body[
      'hydra:member'
    ][0];
    const edited = await patch(julien.id, { lastName: 'Lefebvre-Patch' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({
      lastName: 'Lefebvre-Patch',
      firstName: julien.firstName,
      email: julien.email,
      cgpId: julien.cgpId,
      roles: julien.roles,
    });

    const token = await ctx.login(JULIEN);
    expect((await ctx.api('GET', '/me', { token })).status).toBe(200);
    const disabled = await patch(julien.id, { roles: ['ROLE_DISABLED'] });
    expect(disabled.status, disabled.text).toBe(200);
    expect(disabled.body.roles).toEqual(['ROLE_DISABLED']);
    expect((await ctx.api('GET', '/me', { token })).status).toBe(401);

    // Editing a name leaves the account suspended.
    const renamed = await patch(julien.id, { lastName: 'Lefebvre' });
    expect(renamed.body.roles).toEqual(['ROLE_DISABLED']);

    // Reassigning the agent role reactivates him (his CGP id is kept).
    const back = await patch(julien.id, { roles: ['ROLE_MANDATAIRE'] });
    expect(back.status, back.text).toBe(200);
    expect(back.body).toMatchObject({ roles: ['ROLE_MANDATAIRE'], cgpId: julien.cgpId });
    expect((await ctx.api('GET', '/me', { token: await ctx.login(JULIEN) })).status).toBe(200);

    // Nobody suspends himself; unknown users stay a 404.
    const me = (await ctx.api('GET', `/users?email=${ADMIN}`, { token: admin })).body[
      'hydra:member'
    ][0];
    const self = await patch(me.id, { roles: ['ROLE_DISABLED'] });
    expect(self.status).toBe(403);
    expect(self.body['hydra:description']).toBe(
      'Vous ne pouvez pas désactiver ou supprimer votre propre compte.',
    );
    expect((await patch(999999, { lastName: 'X' })).status).toBe(404);
  });

  it('answers bad merge-patches with a French 4xx, never a 500', async () => {
    const julien = (await ctx.api('GET', `/users?email=${JULIEN}`, { token: admin })).body[
      'hydra:member'
    ][0];
    for (const body of [
      { roles: 'ROLE_DISABLED' },
      { roles: [] },
      { roles: [1] },
      { email: 12 },
      { lastName: ['X'] },
      { reminderFrequency: ['HOURLY'] },
    ]) {
      const response = await patch(julien.id, body);
      expectFrench(response);
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    for (const body of [
      { roles: ['ROLE_INCONNU'] },
      { email: 'pas-un-mail' },
      { lastName: '' },
      { email: ADMIN },
    ]) {
      const response = await patch(julien.id, body);
      expectFrench(response);
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    const nul = await patch(julien.id, { lastName: 'Nul\u0000' });
    expectFrench(nul);
    const raw = await ctx.api('PATCH', `/users/${julien.id}`, {
      token: admin,
      raw: '[1, 2]',
      headers: mergePatch,
    });
    expectFrench(raw);
    // Nothing was written.
    const after = await ctx.api('GET', `/users/${julien.id}`, { token: admin });
    expect(after.body).toMatchObject({ lastName: julien.lastName, roles: julien.roles });
  });

  it('keeps an agent to his own reporting preference', async () => {
    const claire = await ctx.login(CLAIRE);
    const me = (await ctx.api('GET', '/me', { token: claire })).body;
    me.id = me.userId ?? me.id;
    const own = await patch(me.id, { reminderFrequency: ['WEEKLY'] }, claire);
    expect(own.status, own.text).toBe(200);
    expect(own.body.reminderFrequency).toEqual(['WEEKLY']);
    const promoted = await patch(me.id, { roles: ['ROLE_ADMIN'] }, claire);
    expect(promoted.status).toBe(403);
    expect(promoted.body['hydra:description']).toBe(messages.accessDenied);
    const julien = (await ctx.api('GET', `/users?email=${JULIEN}`, { token: admin })).body[
      'hydra:member'
    ][0];
    expect((await patch(julien.id, { roles: ['ROLE_DISABLED'] }, claire)).status).toBe(404);
    expect((await ctx.api('GET', `/users/${julien.id}`, { token: admin })).body.roles).toEqual(
      julien.roles,
    );
  });
});
