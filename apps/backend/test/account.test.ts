import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { administrations, agentRequests, agents, mailOutbox, users } from '../src/db/schema.js';
import { ADMIN, CLAIRE, JULIEN, LUCAS } from './helpers/accounts.js';
import { multipart, multipartForm, samplePng } from './helpers/communication.js';
import { createTestContext, DEMO_PASSWORD, type TestContext } from './helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const userOf = async (email: string) => {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
  return row!;
};

const wrongType = "Ce type de fichier n'est pas accepté.";

describe('GET /account', () => {
  it("gives the agent his block, with only the IBAN's last 4 characters", async () => {
    const claire = await userOf(CLAIRE);
    await ctx.db
      .update(agents)
      .set({
        iban: 'FR76 3000 6000 0112 3456 7890 189',
        siret: '12345678900012',
        oriasNumber: '12345678',
        oriasEndOfValidity: '2027-01-15',
        habilitationCif: true,
        level: 2,
        qualification: 'Conseiller confirmé',
      })
      .where(eq(agents.id, claire.agentId!));
    const response = await ctx.api('GET', '/account', { token: await ctx.login(CLAIRE) });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      '@type': 'Account',
      id: claire.id,
      email: CLAIRE,
      firstName: 'Claire',
      agent: {
        cgpId: 'CGP0001',
        ibanLast4: '0189',
        siret: '12345678900012',
        oriasEndOfValidity: '2027-01-15',
        habilitationCif: true,
        level: 2,
      },
    });
    expect(response.text).not.toContain('3000');
    expect(response.text).not.toMatch(/"iban"/);
  });

  it('gives staff no agent block', async () => {
    const response = await ctx.api('GET', '/account', { token: await ctx.login(ADMIN) });
    expect(response.status).toBe(200);
    expect(response.body.agent).toBeNull();
  });
});

describe('PATCH /users/change_email/{id}', () => {
  const change = async (token: string, id: number, body: unknown) =>
    ctx.api('PATCH', `/users/change_email/${id}`, {
      token,
      body,
      headers: { 'content-type': 'application/merge-patch+json' },
    });

  it('changes the sign-in address and the agent contact, and tells the former address', async () => {
    const lucas = await userOf(LUCAS);
    const token = await ctx.login(LUCAS);
    const response = await change(token, lucas.id, {
      email: '  Lucas.Nouveau@Example.FR ',
      currentPassword: DEMO_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.body.email).toBe('lucas.nouveau@example.fr');
    const [agent] = await ctx.db.select().from(agents).where(eq(agents.id, lucas.agentId!));
    expect(agent!.email).toBe('lucas.nouveau@example.fr');
    expect(await ctx.login('lucas.nouveau@example.fr')).toBeTypeOf('string');
    expect(
      (await ctx.api('POST', '/token', { body: { email: LUCAS, password: DEMO_PASSWORD } })).status,
    ).toBe(401);
    const notices = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, LUCAS));
    expect(notices.at(-1)?.subject).toBe('Votre adresse e-mail a été modifiée');
    // Back, so that other tests find Lucas where they expect him.
    await change(token, lucas.id, { email: LUCAS, currentPassword: DEMO_PASSWORD });
  });

  it('refuses a bad address, a wrong password, a taken address, another id and an impersonator', async () => {
    const claire = await userOf(CLAIRE);
    const token = await ctx.login(CLAIRE);
    const invalid = await change(token, claire.id, {
      email: 'pas-une-adresse',
      currentPassword: DEMO_PASSWORD,
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.violations[0]).toMatchObject({
      propertyPath: 'email',
      message: "Cette valeur n'est pas une adresse email valide.",
    });
    const wrong = await change(token, claire.id, {
      email: 'claire2@example.fr',
      currentPassword: 'non',
    });
    expect(wrong.body.violations[0]).toMatchObject({
      propertyPath: 'currentPassword',
      message: 'Le mot de passe actuel est incorrect.',
    });
    const taken = await change(token, claire.id, {
      email: JULIEN.toUpperCase(),
      currentPassword: DEMO_PASSWORD,
    });
    expect(taken.status).toBe(422);
    expect(taken.body.violations[0].message).toBe('Cette adresse e-mail est déjà utilisée.');
    const julien = await userOf(JULIEN);
    const foreign = await change(token, julien.id, {
      email: 'vol@example.fr',
      currentPassword: DEMO_PASSWORD,
    });
    expect(foreign.status).toBe(404);
    expect((await userOf(JULIEN)).email).toBe(JULIEN);
    const typed = await change(token, claire.id, { email: ['x'], currentPassword: DEMO_PASSWORD });
    expect(typed.status).toBe(422);
    expect(typed.body.violations).toEqual([
      { propertyPath: 'email', message: 'Cette valeur doit être un texte.', code: 'type' },
    ]);

    const admin = await ctx.login(ADMIN);
    const imp = await ctx.api('GET', `/administration/impersonate-user/${claire.id}`, {
      token: admin,
    });
    const asClaire = imp.body.token as string;
    const refused = await change(asClaire, claire.id, {
      email: 'x@example.fr',
      currentPassword: DEMO_PASSWORD,
    });
    expect(refused.status).toBe(403);
    expect((await userOf(CLAIRE)).email).toBe(CLAIRE);
  });
});

describe('POST /change_password/{id}', () => {
  it('checks the policy, keeps the session and ends the others', async () => {
    const julien = await userOf(JULIEN);
    const token = await ctx.login(JULIEN);
    const other = await ctx.login(JULIEN);
    const weak = await ctx.api('POST', `/change_password/${julien.id}`, {
      token,
      body: { password: 'court', currentPassword: DEMO_PASSWORD },
    });
    expect(weak.status).toBe(422);
    expect(weak.body.violations[0]).toMatchObject({
      propertyPath: 'password',
      message:
        'Ce champ doit contenir au moins 8 caractères, 1 majuscule, 1 minuscule et 1 chiffre.',
    });
    const claire = await userOf(CLAIRE);
    const foreign = await ctx.api('POST', `/change_password/${claire.id}`, {
      token,
      body: { password: 'Nouveau2026!', currentPassword: DEMO_PASSWORD },
    });
    expect(foreign.status).toBe(404);
    const done = await ctx.api('POST', `/change_password/${julien.id}`, {
      token,
      body: { password: 'Nouveau2026!', currentPassword: DEMO_PASSWORD },
    });
    expect(done.status).toBe(204);
    expect((await ctx.api('GET', '/me', { token })).status).toBe(200);
    expect((await ctx.api('GET', '/me', { token: other })).status).toBe(401);
    const fresh = await ctx.login(JULIEN, 'Nouveau2026!');
    await ctx.api('POST', `/change_password/${julien.id}`, {
      token: fresh,
      body: { password: DEMO_PASSWORD, currentPassword: 'Nouveau2026!' },
    });
  });
});

describe('POST /users/change_picture/{id}', () => {
  const upload = async (
    token: string,
    id: number,
    data: Buffer,
    name = 'photo.png',
    type = 'image/png',
  ) =>
    ctx.api('POST', `/users/change_picture/${id}`, {
      token,
      ...(await multipart('file', data, name, type)),
    });

  it("takes the spec's call, with the client's own circularPicture, and makes the round PNG itself", async () => {
    const lucas = await userOf(LUCAS);
    const token = await ctx.login(LUCAS);
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    const response = await ctx.api('POST', `/users/change_picture/${lucas.id}`, {
      token,
      ...(await multipartForm({
        file: { data: png, filename: 'photo.png', type: 'image/png' },
        circularPicture: { data: png, filename: 'rond.png', type: 'image/png' },
      })),
    });
    expect(response.status).toBe(200);
    const round = await sharp(
      (await ctx.main.inject({ method: 'GET', url: response.body.circularPicture })).rawPayload,
    ).metadata();
    expect(round).toMatchObject({ format: 'png', width: 200, height: 200, hasAlpha: true });
  });

  it('writes its own 200x200 JPEG and a round PNG, whatever was sent, and removes the former ones', async () => {
    const claire = await userOf(CLAIRE);
    const token = await ctx.login(CLAIRE);
    const big = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps' } } })
      .png()
      .toBuffer();
    const first = await upload(token, claire.id, big);
    expect(first.status).toBe(200);
    const jpeg = await ctx.main.inject({ method: 'GET', url: first.body.picture });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(jpeg.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 200 });
    expect(meta.exif).toBeUndefined();
    const round = await sharp(
      (await ctx.main.inject({ method: 'GET', url: first.body.circularPicture })).rawPayload,
    ).metadata();
    expect(round).toMatchObject({ format: 'png', width: 200, height: 200, hasAlpha: true });
    expect((await userOf(CLAIRE)).picture).toBe(first.body.picture);

    const second = await upload(token, claire.id, samplePng());
    expect(second.status).toBe(200);
    expect((await ctx.main.inject({ method: 'GET', url: first.body.picture })).statusCode).toBe(
      404,
    );
    expect(
      (await ctx.main.inject({ method: 'GET', url: first.body.circularPicture })).statusCode,
    ).toBe(404);
    expect((await ctx.main.inject({ method: 'GET', url: second.body.picture })).statusCode).toBe(
      200,
    );
  });

  it('refuses what is not an image, an image that does not decode, and another id', async () => {
    const claire = await userOf(CLAIRE);
    const token = await ctx.login(CLAIRE);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(256, 1)]);
    const renamed = await upload(token, claire.id, exe, 'photo.png');
    expect(renamed.status).toBe(422);
    expect(renamed.body.violations[0].message).toBe(wrongType);
    const truncated = await upload(token, claire.id, samplePng().subarray(0, 40));
    expect(truncated.status).toBe(422);
    expect(truncated.body.violations[0].message).toBe("Cette image n'a pas pu être lue.");
    const julien = await userOf(JULIEN);
    expect((await upload(token, julien.id, samplePng())).status).toBe(404);
    expect((await userOf(JULIEN)).picture).toBeNull();
  });

  it('refuses an image claiming more pixels than allowed without decoding it', async () => {
    const claire = await userOf(CLAIRE);
    // A PNG header announcing 20000x20000 pixels (400 megapixels), a few bytes long.
    const header = await sharp({
      create: { width: 1, height: 1, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer();
    header.writeUInt32BE(20000, 16);
    header.writeUInt32BE(20000, 20);
    const response = await upload(await ctx.login(CLAIRE), claire.id, header);
    expect(response.status).toBe(422);
  });
});

describe('DELETE /users/change_picture/{id}', () => {
  it("removes the caller's photo and both files, and nobody else's", async () => {
    const claire = await userOf(CLAIRE);
    const token = await ctx.login(CLAIRE);
    const sent = await ctx.api('POST', `/users/change_picture/${claire.id}`, {
      token,
      ...(await multipart('file', samplePng(), 'photo.png', 'image/png')),
    });
    expect(sent.status).toBe(200);
    const julien = await userOf(JULIEN);
    expect((await ctx.api('DELETE', `/users/change_picture/${julien.id}`, { token })).status).toBe(
      404,
    );
    expect((await userOf(CLAIRE)).picture).toBe(sent.body.picture);

    const removed = await ctx.api('DELETE', `/users/change_picture/${claire.id}`, { token });
    expect(removed.status).toBe(204);
    expect(await userOf(CLAIRE)).toMatchObject({ picture: null, circularPicture: null });
    expect((await ctx.main.inject({ method: 'GET', url: sent.body.picture })).statusCode).toBe(404);
    expect(
      (await ctx.main.inject({ method: 'GET', url: sent.body.circularPicture })).statusCode,
    ).toBe(404);
    const account = await ctx.api('GET', '/account', { token });
    expect(account.body).toMatchObject({ picture: null, circularPicture: null });
    // Without a photo, the same answer.
    expect((await ctx.api('DELETE', `/users/change_picture/${claire.id}`, { token })).status).toBe(
      204,
    );
  });
});

describe('POST /agent_request', () => {
  const send = async (token: string, fields: Parameters<typeof multipartForm>[0]) =>
    ctx.api('POST', '/agent_request', { token, ...(await multipartForm(fields)) });
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

  it('stores the request and mails it to the support address with its attachment', async () => {
    const token = await ctx.login(CLAIRE);
    const response = await send(token, {
      title: 'Accès\r\nBcc: pirate@example.fr',
      content: 'Je ne vois pas mes factures.',
      file: { data: pdf, filename: '../../etc/passwd.pdf', type: 'application/pdf' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      '@type': 'AgentRequest',
      attachmentName: 'passwd.pdf',
    });
    const [row] = await ctx.db
      .select()
      .from(agentRequests)
      .where(eq(agentRequests.id, response.body.id));
    expect(row!.attachmentPath).toMatch(/^agent-requests\/[0-9a-f]{32}\.pdf$/);
    expect(row!.mailedAt).not.toBeNull();
    const [settings] = await ctx.db.select().from(administrations);
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, settings!.supportEmail))
      .orderBy(mailOutbox.id);
    expect(mail!.subject).toBe("Demande d'assistance : Accès Bcc: pirate@example.fr");
    expect(mail!.text).toContain('CGP0001');
    expect(mail!.attachments).toEqual([
      { filename: 'passwd.pdf', contentType: 'application/pdf', size: pdf.length },
    ]);
    expect(await ctx.storage.read(row!.attachmentPath!)).not.toBeNull();
  });

  it('needs a title, refuses a disguised executable, and accepts a form without a file', async () => {
    const token = await ctx.login(CLAIRE);
    const untitled = await send(token, { title: '   ', content: 'x' });
    expect(untitled.status).toBe(422);
    expect(untitled.body.violations[0]).toMatchObject({
      propertyPath: 'title',
      message: 'Ce champ est obligatoire.',
    });
    const exe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
      Buffer.alloc(512, 1),
    ]);
    const disguised = await send(token, {
      title: 'Facture',
      file: { data: exe, filename: 'facture.pdf' },
    });
    expect(disguised.status).toBe(422);
    expect(disguised.body.violations[0].message).toBe(wrongType);
    const text = await send(token, {
      title: 'Texte',
      file: { data: Buffer.from('bonjour'), filename: 'a.txt' },
    });
    expect(text.status).toBe(422);
    const empty = await send(token, {
      title: 'Sans fichier',
      file: { data: Buffer.alloc(0), filename: '' },
    });
    expect(empty.status).toBe(201);
    expect(empty.body.attachmentName).toBeNull();
    const long = await send(token, { title: 'x'.repeat(256) });
    // The contract's maxLength, checked before the handler: a 422 beside the field.
    expect(long.status).toBe(422);
    expect(long.body.violations).toEqual([
      {
        propertyPath: 'title',
        message: 'Cette valeur doit contenir au plus 255 caractère(s).',
        code: 'maxLength',
      },
    ]);
  });

  it('keeps the request when no support address is set', async () => {
    await ctx.db.delete(administrations);
    const response = await send(await ctx.login(CLAIRE), { title: 'Sans destinataire' });
    expect(response.status).toBe(201);
    const [row] = await ctx.db
      .select()
      .from(agentRequests)
      .where(eq(agentRequests.id, response.body.id));
    expect(row!.mailedAt).toBeNull();
  });
});
