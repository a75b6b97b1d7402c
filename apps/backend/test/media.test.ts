import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaObjects } from '../src/db/schema.js';
import { CLAIRE, COMMUNICATION } from './helpers/accounts.js';
import { createNewsItem, createPicture, multipart, samplePng } from './helpers/communication.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { expectItemsReadable } from './helpers/items.js';

let ctx: TestContext;
let staff: string;
let agent: string;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await ctx.login(COMMUNICATION);
  agent = await ctx.login(CLAIRE);
});
afterAll(() => ctx?.close());

const mergePatch = { 'content-type': 'application/merge-patch+json' };
const upload = async (data: Buffer, filename: string, type = 'image/png') =>
  ctx.api('POST', '/media_objects', {
    token: staff,
    ...(await multipart('file', data, filename, type)),
  });

/** The first bytes of a Windows executable. */
const fakeExe = () =>
  Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512, 1)]);

describe('uploads', () => {
  it('stores a real PNG and serves it without a token at its content URL', async () => {
    const response = await upload(samplePng(), 'mon visuel.png');
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      '@type': 'MediaObject',
      '@id': `/media_objects/${response.body.id}`,
    });
    const served = await ctx.main.inject({ method: 'GET', url: response.body.contentUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(samplePng())).toBe(true);
    const [row] = await ctx.db
      .select()
      .from(mediaObjects)
      .where(eq(mediaObjects.id, response.body.id));
    expect(row).toMatchObject({ displayName: 'mon visuel.png', mimeType: 'image/png' });
  });

  it('reads the type from the content, not the name', async () => {
    const renamed = await upload(fakeExe(), 'photo.png');
    expect(renamed.status).toBe(422);
    expect(renamed.body.violations).toEqual([
      { propertyPath: 'file', message: "Ce type de fichier n'est pas accepté.", code: null },
    ]);
    const svg = await upload(Buffer.from('<svg onload="alert(1)"/>'), 'image.svg', 'image/svg+xml');
    expect(svg.status).toBe(422);
    // A PNG named .txt is still a PNG.
    expect((await upload(samplePng(), 'notes.txt', 'text/plain')).status).toBe(201);
  });

  it('refuses oversized files', async () => {
    const big = Buffer.concat([samplePng(), Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload(big, 'grande.png');
    expect(response.status).toBe(422);
    expect(response.body.violations[0].message).toBe('Le fichier est trop volumineux.');
    // The operation also takes the spec's library files (10 of 20 MB): a 21 MB body is read up
    // to the picture's limit, then refused with the same 422 (no longer a 413 unread).
    const huge = Buffer.alloc(21 * 1024 * 1024);
    const refused = await upload(huge, 'enorme.png');
    expect(refused.status).toBe(422);
    expect(refused.body.violations[0].message).toBe('Le fichier est trop volumineux.');
  });

  it('needs a file and the pictures components', async () => {
    const noFile = await ctx.api('POST', '/media_objects', {
      token: staff,
      raw: '--x\r\nContent-Disposition: form-data; name="other"\r\n\r\nv\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(noFile.status).toBe(422);
    expect(noFile.body.violations).toEqual([
      { propertyPath: 'file', message: 'Ce champ est obligatoire.', code: 'required' },
    ]);
    const byAgent = await ctx.api('POST', '/media_objects', {
      token: agent,
      ...(await multipart('file', samplePng(), 'a.png')),
    });
    expect(byAgent.status).toBe(403);
  });

  it('serves nothing outside the pictures folder', async () => {
    for (const url of [
      '/media/images/../../jwt-secret',
      '/media/images/%2e%2e/%2e%2e/jwt-secret',
      '/media/..%2f..%2fpackage.json',
      '/media/images/absent.png',
      '/media/images/uploads/',
      // Names longer than the file system allows (no token needed): 404, not a 500.
      `/media/images/${'a'.repeat(255)}.png`,
      `/media/images/uploads/${'b'.repeat(300)}.png`,
      `/media/images/uploads/${'é'.repeat(130)}.png`,
    ]) {
      const response = await ctx.main.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('image bank', () => {
  it('reads a picture by its IRI, for the callers of the list only', async () => {
    await createPicture(ctx, staff, 'Lisible par son IRI');
    await expectItemsReadable(ctx, '/image_banks', staff, agent);
  });

  it("reads a picture's media object by its IRI, for the pictures components only", async () => {
    const created = await createPicture(ctx, staff, 'Son fichier par IRI');
    const media = created.mediaObject as { '@id': string; id: number; contentUrl: string };
    const read = await ctx.api('GET', media['@id'], { token: staff });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      '@id': media['@id'],
      '@type': 'MediaObject',
      id: media.id,
      contentUrl: media.contentUrl,
    });
    // The agent holds a library's page, not the pictures': 403, as the image bank's list.
    expect((await ctx.api('GET', media['@id'], { token: agent })).status).toBe(403);
    const missing = await ctx.api('GET', '/media_objects/2147483647', { token: staff });
    expect(missing.status).toBe(404);
    expect(missing.body['hydra:description']).toBe("La ressource demandée n'existe pas.");
  });

  it('creates, lists by title and edits pictures', async () => {
    const created = await createPicture(ctx, staff, 'Coucher de soleil');
    expect(created).toMatchObject({
      title: 'Coucher de soleil',
      mediaObject: { contentUrl: expect.stringMatching(/^\/media\//) },
    });
    const list = await ctx.api('GET', '/image_banks?title=soleil', { token: staff });
    expect(list.body['hydra:member'].map((i: { id: number }) => i.id)).toEqual([created.id]);
    const page = await ctx.api('GET', '/image_banks', { token: staff });
    expect(page.body['hydra:member'].length).toBeLessThanOrEqual(9);

    const replacement = await upload(samplePng(), 'autre.png');
    const patched = await ctx.api('PATCH', created['@id'], {
      token: staff,
      headers: mergePatch,
      body: { title: 'Lever de soleil', mediaObject: replacement.body['@id'] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      title: 'Lever de soleil',
      mediaObject: { id: replacement.body.id },
    });
    // The replaced file is gone.
    const old = join(
      ctx.config.dataDir,
      'files',
      decodeURIComponent(created.mediaObject.contentUrl.replace('/media/', '')),
    );
    expect(existsSync(old)).toBe(false);

    const invalid = await ctx.api('POST', '/image_banks', {
      token: staff,
      body: { title: '', mediaObject: '/media_objects/999999' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.violations.map((v: { message: string }) => v.message)).toEqual([
      'Ce champ est obligatoire.',
      "Ce fichier n'existe pas.",
    ]);
  });

  it('refuses to delete a picture while a news item uses it', async () => {
    const item = await createNewsItem(ctx, staff);
    const picture = (item.imageBank as { mediaObject: { '@id': string; contentUrl: string } })
      .mediaObject;
    const refused = await ctx.api('DELETE', picture['@id'], { token: staff });
    expect(refused.status).toBe(422);
    expect(refused.body['hydra:description']).toBe(
      'Cette image est utilisée par une actualité et ne peut pas être supprimée.',
    );
    expect((await ctx.api('DELETE', item['@id'], { token: staff })).status).toBe(204);
    expect((await ctx.api('DELETE', picture['@id'], { token: staff })).status).toBe(204);
    expect((await ctx.main.inject({ method: 'GET', url: picture.contentUrl })).statusCode).toBe(
      404,
    );
    expect((await ctx.api('DELETE', picture['@id'], { token: staff })).status).toBe(404);
  });

  it('deletes only pictures of the image bank', async () => {
    const [document] = await ctx.db
      .insert(mediaObjects)
      .values({
        displayName: 'facture.pdf',
        filePath: 'invoices/facture.pdf',
        mimeType: 'application/pdf',
        size: 10,
      })
      .returning();
    expect(
      (await ctx.api('DELETE', `/media_objects/${document!.id}`, { token: staff })).status,
    ).toBe(404);
    // Nor read there: neither a picture nor a library file.
    expect((await ctx.api('GET', `/media_objects/${document!.id}`, { token: staff })).status).toBe(
      404,
    );
  });
});
