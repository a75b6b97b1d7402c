import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/web-servers';

/**
 * The production topology's smoke test (docs/operations.md): nginx, several backend processes
 * from the compiled bundle on one PostgreSQL (DATABASE_URL, from scripts/with-postgres.sh), an
 * S3-compatible store and an SMTP server. The spec brings them up itself.
 */
export default defineConfig({
  testDir: './topology',
  timeout: 300_000,
  expect: { timeout: 15_000 },
  workers: 1,
  reporter: [['list']],
  use: { launchOptions: chromiumLaunchOptions, locale: 'fr-FR', reducedMotion: 'reduce' },
});
