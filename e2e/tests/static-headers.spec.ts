import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { CACHE_CONTROL } from '@portal/config/static-delivery';
import { E2E } from '../support/ports';

/** What the CDN sends (docs/decisions/02-front-end.md), and what the apps' own servers must send too. */
function expectCdnHeaders(headers: Record<string, string>, where: string) {
  const policy = headers['content-security-policy'] ?? '';
  expect(policy, where).toContain("script-src 'self'");
  expect(policy, where).toContain("object-src 'none'");
  expect(policy, where).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['x-frame-options'], where).toBe('DENY');
  expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
}

test.describe('security headers of the apps', () => {
  test('the end-to-end stand-in of the CDN sends them on pages, deep links and config.js', async ({
    request,
  }) => {
    for (const app of [E2E.agentApp, E2E.staffApp])
      for (const path of ['/', '/login', '/my-customers/12', '/config.js']) {
        const response = await request.get(`${app}${path}`);
        expect(response.status()).toBe(200);
        expectCdnHeaders(response.headers(), `${app}${path}`);
      }
  });

  test('the stand-in caches and gzips as the production proxy does (@portal/config/static-delivery)', async ({
    request,
  }) => {
    const gzip = { 'accept-encoding': 'gzip' };
    for (const app of [E2E.agentApp, E2E.staffApp]) {
      const page = await request.get(`${app}/my-customers/12`, { headers: gzip });
      expect(page.headers()['cache-control']).toBe(CACHE_CONTROL.page);
      expect(page.headers()['content-encoding']).toBe('gzip');
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
      expect(script).toBeTruthy();
      const asset = await request.get(`${app}${script}`, { headers: gzip });
      expect(asset.headers()['cache-control']).toBe(CACHE_CONTROL.asset);
      expect(asset.headers()['content-encoding']).toBe('gzip');
      expect(asset.headers()['vary']).toBe('Accept-Encoding');
      // A revalidation of what the browser holds is answered without the body.
      const again = await request.get(`${app}${script}`, {
        headers: { ...gzip, 'if-none-match': asset.headers()['etag'] ?? '' },
      });
      expect(again.status()).toBe(304);
      expect((await request.get(`${app}/config.js`)).headers()['cache-control']).toBe(
        CACHE_CONTROL.config,
      );
      // A missing asset is not the SPA's page (nginx: `try_files $uri =404`), and not cached.
      const missing = await request.get(`${app}/assets/missing.js`);
      expect(missing.status()).toBe(404);
      expect(missing.headers()['cache-control']).toBeUndefined();
    }
  });

  test('vite preview, which `npm start` serves, sends the same', async ({ request }) => {
    const port = 5299;
    const preview = spawn(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'preview', '--host', '127.0.0.1', '--port', String(port)],
      { cwd: join(import.meta.dirname, '..', '..', 'apps', 'agent'), stdio: 'ignore' },
    );
    try {
      const url = `http://127.0.0.1:${port}`;
      await expect
        .poll(
          () =>
            request.get(`${url}/login`).then(
              (r) => r.status(),
              () => 0,
            ),
          {
            timeout: 20_000,
          },
        )
        .toBe(200);
      for (const path of ['/', '/login', '/my-customers/12']) {
        const response = await request.get(`${url}${path}`);
        expectCdnHeaders(response.headers(), `vite preview ${path}`);
      }
    } finally {
      preview.kill('SIGTERM');
    }
  });
});
