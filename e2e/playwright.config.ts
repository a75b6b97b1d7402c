import { defineConfig } from '@playwright/test';
import { E2E } from './support/ports';
import { chromiumLaunchOptions, webServers } from './support/web-servers';

export default defineConfig({
  testDir: './tests',
  // A flow visits many pages: the longest (sales, teams) take 35 s on a quiet 2-core machine and
  // passed 60 s on a loaded one.
  timeout: 90_000,
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
