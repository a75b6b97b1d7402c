import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_UPLOADS_FOLDER, sweepPictureUploads } from '../src/files/uploads.js';
import { storageConfig } from '../src/config.js';
import { mediaObjects } from '../src/db/schema.js';
import { commitWithRow, stageBuffer } from '../src/files/staging.js';
import { FileStore, pdf } from '../src/seed/network/files.js';
import { COMMUNICATION } from './helpers/accounts.js';
import { PROCESS_ID } from '../src/maintenance/processes.js';
import { multipart, samplePng } from './helpers/communication.js';
import { createTestContext, type TestContext } from './helpers/context.js';
import { startLocalS3, type LocalS3 } from './helpers/s3.js';

// The same uploads, serving and sweep as media.test.ts and uploads-sweep.test.ts, with the
// files in an S3 bucket (a local s3rver) instead of DATA_DIR/files.
let s3: LocalS3;
let ctx: TestContext;
let staff: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  ctx = await createTestContext(s3.env);
  staff = await ctx.login(COMMUNICATION);
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

const upload = async (data: Buffer, filename: string, type = 'image/png') =>
  ctx.api('POST', '/media_objects', {
    token: staff,
    ...(await multipart('file', data, filename, type)),
  });
const objects = async () => (await ctx.storage.list(PICTURE_UPLOADS_FOLDER)).map((e) => e.name);
const row = (filePath: string) =>
  ctx.db
    .insert(mediaObjects)
    .values({ displayName: 'x.png', filePath, mimeType: 'image/png', size: 1 });
const HOUR = 3_600_000;

describe('files in an S3-compatible bucket', () => {
  it('stores an upload in the bucket, not on disk, and serves it at its content URL', async () => {
    expect(ctx.storage.kind).toBe('s3');
    const response = await upload(samplePng(), 'visuel.png');
    expect(response.status).toBe(201);
    const [media] = await ctx.db
      .select()
      .from(mediaObjects)
      .where(eq(mediaObjects.id, response.body.id));
    const name = media!.filePath.slice(PICTURE_UPLOADS_FOLDER.length + 1);
    expect(await objects()).toContain(name);
    expect((await objects()).filter((n) => n.endsWith('.part'))).toEqual([]);
    expect(existsSync(join(ctx.config.dataDir, 'files'))).toBe(false);
    expect(readdirSync(join(ctx.config.dataDir, 'incoming'))).toEqual([]);

    const served = await ctx.main.inject({ method: 'GET', url: response.body.contentUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(samplePng().length),
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    });
    expect(served.rawPayload.equals(samplePng())).toBe(true);

    const removed = await ctx.api('DELETE', `/media_objects/${response.body.id}`, { token: staff });
    expect(removed.status).toBe(204);
    expect(await objects()).not.toContain(name);
    const gone = await ctx.main.inject({ method: 'GET', url: response.body.contentUrl });
    expect(gone.statusCode).toBe(404);
  });

  it('keeps nothing of a refused upload', async () => {
    const before = await objects();
    const refused = await upload(Buffer.from('<svg onload="alert(1)"/>'), 'x.svg', 'image/svg+xml');
    expect(refused.status).toBe(422);
    await expect.poll(objects, { timeout: 5000 }).toEqual(before);
  });

  it('serves nothing outside the pictures folder, and 404 for what is not there', async () => {
    for (const url of [
      '/media/images/../../jwt-secret',
      '/media/images/%2e%2e/%2e%2e/jwt-secret',
      '/media/..%2f..%2fpackage.json',
      '/media/images/absent.png',
      '/media/images/uploads/',
      '/media/images/uploads/%25.png',
      '/media/images/uploads/%252e%252e.png',
    ]) {
      const response = await ctx.main.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('gives a file its final key only once its row has committed', async () => {
    const failed = await stageBuffer(ctx.storage, PICTURE_UPLOADS_FOLDER, samplePng());
    expect(await objects()).toContain(`.${failed.stem}.${PROCESS_ID}.part`);
    await expect(
      commitWithRow(failed, 'png', async () => {
        throw new Error('row refused');
      }),
    ).rejects.toThrow('row refused');
    expect((await objects()).filter((n) => n.includes(failed.stem))).toEqual([]);

    const ok = await stageBuffer(ctx.storage, PICTURE_UPLOADS_FOLDER, samplePng());
    await commitWithRow(ok, 'png', (path) => row(path));
    expect((await objects()).filter((n) => n.includes(ok.stem))).toEqual([`${ok.stem}.png`]);
  });

  it('at start, finishes committed uploads and removes orphans in the bucket', async () => {
    const key = (name: string) => `${PICTURE_UPLOADS_FOLDER}/${name}`;
    await row(key('aaaa1111.png'));
    await ctx.storage.put(key('.aaaa1111.part'), samplePng()); // row committed, then a crash
    await ctx.storage.put(key('.bbbb2222.part'), Buffer.from('half')); // a crash before the row
    await ctx.storage.put(key('dddd4444.png'), samplePng()); // its row is gone
    await row(key('eeee5555.png'));
    await ctx.storage.put(key('eeee5555.png'), samplePng()); // in use

    // Temporary objects younger than an hour may belong to another process: left alone.
    const early = await sweepPictureUploads(ctx.db, ctx.storage);
    expect(early.finished).toEqual([]);
    expect(await objects()).toEqual(expect.arrayContaining(['.aaaa1111.part', '.bbbb2222.part']));

    const later = await sweepPictureUploads(ctx.db, ctx.storage, { now: Date.now() + 2 * HOUR });
    expect(later.finished).toEqual([key('aaaa1111.png')]);
    expect(later.removed).toEqual([key('.bbbb2222.part')]);
    const left = await objects();
    expect(left).toEqual(expect.arrayContaining(['aaaa1111.png', 'eeee5555.png']));
    expect(left.filter((n) => n.startsWith('.') || n === 'dddd4444.png')).toEqual([]);
    const served = await ctx.main.inject({ method: 'GET', url: `/media/${key('aaaa1111.png')}` });
    expect(served.rawPayload.equals(samplePng())).toBe(true);
  });
});

describe('demo files with S3', () => {
  it('sends the files the seed wrote to the bucket, keeping nothing on disk', async () => {
    const root = join(ctx.config.dataDir, 'incoming', 'seed');
    const files = new FileStore(root);
    files.write('prospects/1/ric.pdf', pdf('RIC', ['Test']));
    files.write('images/news/1.png', samplePng());
    expect(await files.publish(ctx.storage)).toBe(2);
    expect(existsSync(root)).toBe(false);
    expect((await ctx.storage.list('prospects/1')).map((e) => e.name)).toEqual(['ric.pdf']);
    const served = await ctx.main.inject({ method: 'GET', url: '/media/images/news/1.png' });
    expect(served.rawPayload.equals(samplePng())).toBe(true);
  });
});

describe('S3 settings', () => {
  it('keeps files on disk without S3_BUCKET, and reads the S3 variables with it', () => {
    expect(storageConfig({})).toEqual({ kind: 'fs' });
    expect(
      storageConfig({ S3_BUCKET: 'portal-files', S3_ENDPOINT: 'http://127.0.0.1:9000/' }),
    ).toEqual({
      kind: 's3',
      bucket: 'portal-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: null,
      forcePathStyle: true,
    });
    expect(
      storageConfig({
        S3_BUCKET: 'portal-files',
        S3_REGION: 'eu-west-3',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toMatchObject({
      region: 'eu-west-3',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: false,
    });
  });

  it('refuses incomplete or malformed settings, in French and English', () => {
    const refused: [Record<string, string>, RegExp][] = [
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT sans S3_BUCKET.*without S3_BUCKET/],
      [{ S3_BUCKET: 'Mon_Bucket' }, /n'est pas un nom de bucket valide.*not a valid bucket name/],
      [{ S3_BUCKET: 'files', S3_ENDPOINT: 'ftp://x' }, /URL http.*must be an http/],
      [{ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' }, /vont ensemble.*go together/],
      [{ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE vaut.*is 1, true/],
      [{ S3_BUCKET: 'files', S3_REGION: 'EU West' }, /pas une région valide.*not a valid region/],
    ];
    for (const [env, message] of refused)
      expect(() => storageConfig(env), env.S3_BUCKET).toThrow(message);
  });
});
