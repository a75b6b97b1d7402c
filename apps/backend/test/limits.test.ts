import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaObjects } from '../src/db/schema.js';
import { COMMUNICATION } from './helpers/accounts.js';
import { multipart, samplePng } from './helpers/communication.js';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
let staff: string;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await ctx.login(COMMUNICATION);
  await ctx.main.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.main.server.address() as { port: number }).port;
});
afterAll(() => ctx?.close());

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const uploadsDir = () => join(ctx.config.dataDir, 'files', 'images', 'uploads');
const filesInUploads = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);

/**
 * Sends the head of a request announcing `length` bytes and `firstBytes` of its body, and
 * answers the status line the server sends back, or null when none came within the time.
 */
function partialRequest(
  head: string,
  firstBytes: Buffer,
  { waitMs = 5000, destroyAfterMs }: { waitMs?: number; destroyAfterMs?: number } = {},
): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, waitMs);
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) {
        clearTimeout(timer);
        socket.destroy();
        resolve(answer.split('\r\n')[0]!);
      }
    });
    socket.write(head);
    socket.write(firstBytes);
    if (destroyAfterMs !== undefined)
      setTimeout(() => {
        clearTimeout(timer);
        socket.destroy();
        resolve(null);
      }, destroyAfterMs);
  });
}

const multipartHead = (path: string, length: number, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=xyz\r\n` +
  `Content-Length: ${length}\r\n${extra}\r\n`;
const partStart = Buffer.from(
  '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n' +
    'Content-Type: image/png\r\n\r\n',
);

describe('limits before work', () => {
  it('answers a 19 MB multipart post to a JSON route without reading its body', async () => {
    // Only 64 KB of the announced 19 MB are ever sent: the answer cannot wait for the rest.
    const first = Buffer.concat([partStart, Buffer.alloc(64 * 1024, 1)]);
    const size = 19 * 1024 * 1024;
    expect(await partialRequest(multipartHead('/token', size), first)).toMatch(/^HTTP\/1.1 415/);
    // An authenticated JSON route: the missing token is found before the body is touched.
    expect(await partialRequest(multipartHead('/news', size), first)).toMatch(/^HTTP\/1.1 401/);
    // Even the upload route reads nothing before authentication.
    expect(await partialRequest(multipartHead('/media_objects', size), first)).toMatch(
      /^HTTP\/1.1 401/,
    );
    // ... and refuses unread a body announced above its own limit (ten library files of 20 MB
    // since the spec's `file[i]` upload shares the route: 250 MB is beyond it).
    expect(
      await partialRequest(
        multipartHead('/media_objects', 250 * 1024 * 1024, `Authorization: Bearer ${staff}\r\n`),
        first,
      ),
    ).toMatch(/^HTTP\/1.1 413/);
  });

  it('answers 415 to multipart on a JSON route, with the Hydra error', async () => {
    const response = await ctx.api('POST', '/token', {
      ...(await multipart('file', samplePng(), 'a.png')),
    });
    expect(response.status).toBe(415);
    expect(response.body['hydra:description']).toBe('Type de contenu non pris en charge.');
  });

  it('refuses JSON nested deeper than the limit with a 400 in French', async () => {
    for (const raw of [nested(10_000), nested(33), `{"a":${nested(40)}}`]) {
      const response = await ctx.api('POST', '/token', { raw });
      expect(response.status).toBe(400);
      expect(response.body['hydra:description']).toBe(
        'Le corps de la requête est trop imbriqué (32 niveaux au plus).',
      );
    }
    const patch = await ctx.api('PATCH', '/news/1', {
      token: staff,
      raw: `{"title":${nested(10_000)}}`,
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(patch.status).toBe(400);
    // Brackets inside strings are text, not nesting.
    const inString = await ctx.api('POST', '/token', {
      body: { email: 'a@b.fr', password: '['.repeat(1000) },
    });
    expect(inString.status).toBe(401);
  });

  it('checks NUL characters in large and deep documents without overflowing', async () => {
    const wide = JSON.stringify({
      email: 'a@b.fr',
      password: 'x',
      extra: Array(200_000).fill('a'),
    });
    expect((await ctx.api('POST', '/token', { raw: wide })).status).not.toBe(500);
    const withNul = await ctx.api('POST', '/token', {
      raw: `{"email":"a@b.fr","password":"x","extra":[[[[["\\u0000"]]]]]}`,
    });
    expect(withNul.status).toBe(400);
    expect(withNul.body['hydra:description']).toContain('caractère nul');
  });

  it('answers 404, not 500, to percent signs and odd encodings under /media', async () => {
    for (const url of [
      '/media/images/%25.png',
      '/media/images/%25',
      '/media/images/uploads/%2525.png',
      '/media/images/%252e%252e/%252e%252e/jwt-secret',
    ]) {
      const response = await ctx.main.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
    const malformed = await ctx.main.inject({ method: 'GET', url: '/media/images/%E0%A4%A.png' });
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);
  });

  it('leaves no file when an upload is interrupted mid-stream', async () => {
    const before = await ctx.db.select({ n: count() }).from(mediaObjects);
    const announced = 3 * 1024 * 1024;
    const first = Buffer.concat([partStart, samplePng(), Buffer.alloc(512 * 1024, 7)]);
    const head = multipartHead('/media_objects', announced, `Authorization: Bearer ${staff}\r\n`);
    const sawTemp = new Promise<boolean>((resolve) => {
      const started = Date.now();
      const poll = setInterval(() => {
        if (filesInUploads().some((n) => n.endsWith('.part')) || Date.now() - started > 4000) {
          clearInterval(poll);
          resolve(filesInUploads().length > 0);
        }
      }, 20);
    });
    const status = await partialRequest(head, first, { destroyAfterMs: 1500 });
    expect(status).toBeNull();
    expect(await sawTemp).toBe(true); // the file was being written...
    await expect.poll(filesInUploads, { timeout: 5000 }).toEqual([]); // ...and is gone
    const after = await ctx.db.select({ n: count() }).from(mediaObjects);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
