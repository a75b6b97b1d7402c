import { defineConfig } from '@playwright/test';
import { E2E } from './support/ports';
import { chromiumLaunchOptions, webServers } from './support/web-servers';

export default defineConfig({
  testDir: './tests',
  // A flow visits many pages; on a loaded 2-core machine 30 s was the limit of the longest ones.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    launchOptions: chromiumLaunchOptions,
    locale: 'fr-FR',
    trace: 'retain-on-failure',
  },
  webServer: webServers(E2E),
});
