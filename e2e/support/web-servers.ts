import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the stack listens: the API, the training API and the two apps, plus the support address. */
export interface StackUrls {
  mainApi: string;
  trainingApi: string;
  agentApp: string;
  staffApp: string;
  /** Where API Platform Admin's build is served with the backend, when the stack has it. */
  apiPlatformAdmin?: string;
  supportEmail: string;
}

const port = (url: string) => new URL(url).port;

/**
 * Playwright's web servers for a whole stack: the backend on a fresh data directory (seeded
 * with the demo network on first start) and both apps' production builds served like a CDN.
 * Paths are relative to `e2e/`, where Playwright runs the commands; `appsDir` holds the apps
 * whose `dist/` are served.
 */
export function webServers(urls: StackUrls, appsDir = '../apps') {
  const appConfig = JSON.stringify({
    mainApiUrl: urls.mainApi,
    trainingApiUrl: urls.trainingApi,
    agentAppUrl: urls.agentApp,
    staffAppUrl: urls.staffApp,
    supportEmail: urls.supportEmail,
  });
  const serve = (app: string, url: string) => ({
    command: `node support/static-server.mjs ${appsDir}/${app}/dist ${port(url)} '${appConfig}'`,
    url,
    reuseExistingServer: false,
  });
  return [
    {
      command: 'node ../apps/backend/node_modules/tsx/dist/cli.mjs ../apps/backend/src/main.ts',
      url: `${urls.mainApi}/me`,
      reuseExistingServer: false,
      // Seeding the demo network on first start; two stacks seed at once.
      timeout: 240_000,
      env: {
        DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-e2e-')),
        PORT: port(urls.mainApi),
        TRAINING_PORT: port(urls.trainingApi),
        AGENT_APP_URL: urls.agentApp,
        STAFF_APP_URL: urls.staffApp,
        CORS_ORIGINS: `${urls.agentApp},${urls.staffApp}`,
        LOGIN_RATE_LIMIT: '1000',
        LOGIN_IP_RATE_LIMIT: '1000',
        RESET_RATE_LIMIT: '1000',
        // Said, though it is the default under tsx: the demo accounts sign in with their password
        // alone; second-factor.spec.ts enrols an account of its own.
        SECOND_FACTOR_REQUIRED: 'none',
        LOG_LEVEL: 'warn',
        // The reset tests read their links from the development outbox.
        DEV_OUTBOX: '1',
      },
    },
    serve('agent', urls.agentApp),
    serve('staff', urls.staffApp),
    ...(urls.apiPlatformAdmin
      ? [
          {
            command: `node support/admin-proxy.mjs dist/api-platform-admin ${port(urls.apiPlatformAdmin)} ${urls.mainApi}`,
            url: `${urls.apiPlatformAdmin}/admin/`,
            reuseExistingServer: false,
          },
        ]
      : []),
  ];
}

/** The Chromium every run uses: Debian's (or `CHROMIUM_PATH`), without background traffic. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
