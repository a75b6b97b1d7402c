import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions, webServers } from '../support/web-servers';
import { MEASURE, MEASURE_APPS_DIR } from './ports';

/**
 * Measures, not tests: kept out of the e2e run (its `testDir` is `./tests`). Run from `e2e/`
 * after building both apps: `npx playwright test -c measure/playwright.config.ts` (see
 * `grid-prefetch.spec.ts` for its variables).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Five runs of each kind at Fast 3G, sign-in included, on a shared 2-core machine.
  timeout: 30 * 60_000,
  expect: { timeout: 60_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  outputDir: '../test-results/measure',
  use: {
    launchOptions: chromiumLaunchOptions,
    locale: 'fr-FR',
  },
  // The commands' paths are relative to `e2e/`; Playwright would run them from `e2e/measure`.
  webServer: webServers(MEASURE, MEASURE_APPS_DIR).map((server) => ({
    ...server,
    cwd: fileURLToPath(new URL('..', import.meta.url)),
  })),
});
