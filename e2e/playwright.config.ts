import { defineConfig } from '@playwright/test';
import { E2E_WORKERS, stackUrls } from './support/ports';
import { chromiumLaunchOptions, webServers } from './support/web-servers';

export default defineConfig({
  testDir: './tests',
  // A flow visits many pages: the longest (sales, teams) take 35 s on a quiet 2-core machine and
  // passed 60 s on a loaded one.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // Files are shared out between the workers; a file's flows run in order on one worker.
  fullyParallel: false,
  workers: E2E_WORKERS,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    launchOptions: chromiumLaunchOptions,
    locale: 'fr-FR',
    // No transitions or spinning: fewer frames to paint on a CPU-bound machine.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, stack) => webServers(stackUrls(stack))).flat(),
});
