import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTestContext, type TestContext } from './helpers/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const get = (url: string) => ctx.main.inject({ method: 'GET', url });

describe('API reference', () => {
  it('serves the interactive reference at /docs, with its script from the backend', async () => {
    expect((await get('/docs')).statusCode).toBe(301);
    const page = await get('/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // Every script and stylesheet is the backend's own: nothing from a CDN.
    const external = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)]
      .map((m) => m[1]!)
      .filter((url) => /^(https?:)?\/\//.test(url));
    expect(external).toEqual([]);
    expect(page.body).toContain('js/scalar.js');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' 'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'none'");
    const script = await get('/docs/js/scalar.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body.length).toBeGreaterThan(100_000);
  });

  it('serves the OpenAPI documents', async () => {
    const json = await get('/docs/openapi.json');
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ openapi: '3.1.0', paths: { '/token': {} } });
    for (const name of ['main', 'training']) {
      const yaml = await get(`/docs/${name}.yaml`);
      expect(yaml.statusCode).toBe(200);
      expect(parse(yaml.body).openapi).toBe('3.1.0');
    }
  });

  it('answers an API Platform-style entrypoint at /', async () => {
    const root = await get('/');
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(root.json()).toMatchObject({
      '@id': '/',
      '@type': 'Entrypoint',
      documentation: '/docs/',
      news: '/news',
      users: '/users',
      imageBanks: '/image_banks',
    });
  });
});
