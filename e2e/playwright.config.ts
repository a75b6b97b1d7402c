import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E } from './support/ports';

const appConfig = JSON.stringify({
  mainApiUrl: E2E.mainApi,
  trainingApiUrl: E2E.trainingApi,
  agentAppUrl: E2E.agentApp,
  staffAppUrl: E2E.staffApp,
  supportEmail: E2E.supportEmail,
});
const port = (url: string) => new URL(url).port;
const serve = (app: string, url: string) => ({
  command: `node support/static-server.mjs ../apps/${app}/dist ${port(url)} '${appConfig}'`,
  url,
  reuseExistingServer: false,
});

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
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    locale: 'fr-FR',
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      command: 'node ../apps/backend/node_modules/tsx/dist/cli.mjs ../apps/backend/src/main.ts',
      url: `${E2E.mainApi}/me`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-e2e-')),
        PORT: port(E2E.mainApi),
        TRAINING_PORT: port(E2E.trainingApi),
        AGENT_APP_URL: E2E.agentApp,
        STAFF_APP_URL: E2E.staffApp,
        CORS_ORIGINS: `${E2E.agentApp},${E2E.staffApp}`,
        LOGIN_RATE_LIMIT: '1000',
        LOGIN_IP_RATE_LIMIT: '1000',
        RESET_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
        // The reset tests read their links from the development outbox.
        DEV_OUTBOX: '1',
      },
    },
    serve('agent', E2E.agentApp),
    serve('staff', E2E.staffApp),
  ],
});
