import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIRE, COMMUNICATION } from './helpers/accounts.js';
import { createPicture } from './helpers/communication.js';
import { createTestContext, DEMO_PASSWORD, type TestContext } from './helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const expectApiHeaders = (headers: Record<string, unknown>) => {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  expect(String(headers['content-security-policy'])).toContain("default-src 'none'");
};

describe('security headers of the API', () => {
  it('marks the token and personal answers no-store, nosniff, never framed', async () => {
    const login = await ctx.api('POST', '/token', {
      body: { email: CLAIRE, password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    expectApiHeaders(login.headers);
    expect(login.headers['cache-control']).toBe('no-store');
    const me = await ctx.api('GET', '/me', { token: login.body.token });
    expectApiHeaders(me.headers);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await ctx.api('GET', '/me');
    expect(refused.status).toBe(401);
    expectApiHeaders(refused.headers);
    expect(refused.headers['cache-control']).toBe('no-store');
    const training = await ctx.training.inject({ method: 'GET', url: '/training_models' });
    expect(training.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets pictures be cached and shown by the apps', async () => {
    const staff = await ctx.login(COMMUNICATION);
    const picture = await createPicture(ctx, staff);
    const served = await ctx.main.inject({ method: 'GET', url: picture.mediaObject.contentUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

/** A served answer's headers as sent, in order and spelling (inject gives them as an object). */
const rawHeadersOf = (url: string) =>
  new Promise<string[]>((resolve, reject) =>
    get(url, (response) => {
      response.resume();
      resolve(response.rawHeaders);
    }).on('error', reject),
  );

/** What `@fastify/helmet` sent with the API's options, byte for byte, before it was dropped. */
const SECURITY_HEADERS = [
  [
    'Content-Security-Policy',
    "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
  ],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
].flat();

describe('security headers as sent', () => {
  it('are those helmet sent, in its order, and an HTML page keeps its own policy', async () => {
    // A context of its own: listening, then closed with it.
    const served = await createTestContext();
    try {
      for (const app of [served.main, served.training]) {
        const origin = await app.listen({ port: 0, host: '127.0.0.1' });
        for (const path of ['/public/settings', '/me', '/no-such-route']) {
          const headers = await rawHeadersOf(`${origin}${path}`);
          expect(headers.slice(0, SECURITY_HEADERS.length)).toEqual(SECURITY_HEADERS);
        }
      }
      const origin = `http://127.0.0.1:${(served.main.server.address() as { port: number }).port}`;
      const headers = await rawHeadersOf(`${origin}/docs/`);
      // The page's policy replaces the API's in its place; the other headers stay.
      expect(headers[0]).toBe('content-security-policy');
      expect(headers[1]).toContain("script-src 'self'");
      expect(headers.slice(2, SECURITY_HEADERS.length)).toEqual(SECURITY_HEADERS.slice(2));
    } finally {
      await served.close();
    }
  });
});
