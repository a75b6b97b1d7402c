import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildMainApp, buildTrainingApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { createStorage, type FileStorage } from '../../src/files/storage.js';
import { sendOnlyJobQueue } from '../../src/jobs/registry.js';
import type { JobQueue } from '../../src/jobs/queue.js';
import { createMailer, type Mailer } from '../../src/mail.js';
import { createObservability, type Observability } from '../../src/observability/index.js';
import { seedDemo } from '../../src/seed/demo.js';
import { DEMO_PASSWORD } from '../../src/seed/accounts.js';
import { ResponseChecker } from './contract.js';
import { createTestDatabase } from './database.js';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
export { DEMO_PASSWORD };

// Bodies are already checked against the contract, so tests read them loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ApiResponse<T = any> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: T;
  text: string;
  /** The bytes as sent (files). */
  raw: Buffer;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as is, with a JSON content type unless one is given (malformed payloads, multipart). */
  raw?: string | Buffer;
  headers?: Record<string, string>;
}

export type Caller = (method: string, url: string, options?: CallOptions) => Promise<ApiResponse>;

export interface TestContext {
  config: Config;
  db: Database;
  storage: FileStorage;
  mailer: Mailer;
  jobs: JobQueue;
  /** The logger (silent unless LOG_LEVEL says otherwise) and metrics (with METRICS_TOKEN). */
  observability: Observability;
  main: FastifyInstance;
  training: FastifyInstance;
  /** Calls the main API; every answer is checked against main.yaml. */
  api: Caller;
  /** Calls the training API; every answer is checked against training.yaml. */
  trainingApi: Caller;
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A seeded database and both apps, wired as in production but in memory. `logs` receives the
 * log lines (pino's JSON, one per write) at LOG_LEVEL (default silent).
 */
export async function createTestContext(
  env: Record<string, string> = {},
  { logs }: { logs?: { write(line: string): void } } = {},
): Promise<TestContext> {
  const database = await createTestDatabase({ seeded: true });
  // Uploaded files go to a throw-away folder, removed on close.
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-test-'));
  const config: Config = {
    ...loadConfig({
      JWT_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      // A suite signs in many users from one address; login.test.ts checks this limit.
      LOGIN_IP_RATE_LIMIT: '1000',
      ...env,
    }),
    database: database.config,
  };
  if (!database.seeded) await seedDemo(database.db);
  const mailer = createMailer(config, database.db);
  const storage = createStorage(config);
  // The tests send jobs but run none: a test of the queue starts its own workers.
  const jobs = await sendOnlyJobQueue({ db: database.db, config, mailer, storage });
  const observability = createObservability(config, database.db, logs);
  const deps = { db: database.db, config, mailer, storage, jobs, observability };
  const main = await buildMainApp(deps);
  const training = await buildTrainingApp(deps);
  const api = caller(main, new ResponseChecker('main'));
  const trainingApi = caller(training, new ResponseChecker('training'));

  return {
    config,
    db: database.db,
    storage,
    mailer,
    jobs,
    observability,
    main,
    training,
    api,
    trainingApi,
    async login(email, password = DEMO_PASSWORD) {
      const response = await api('POST', '/token', { body: { email, password } });
      if (response.status !== 200) throw new Error(`login ${email} failed: ${response.text}`);
      return response.body.token as string;
    },
    async close() {
      await Promise.all([main.close(), training.close()]);
      await jobs.stop();
      await mailer.settled();
      mailer.close();
      await database.close();
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function caller(app: FastifyInstance, checker: ResponseChecker): Caller {
  return async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const inject: InjectOptions = { method: method as InjectOptions['method'], url, headers };
    if (options.raw !== undefined) {
      inject.payload = options.raw;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      inject.payload = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await app.inject(inject);
    checker.check({
      method,
      url,
      statusCode: response.statusCode,
      contentType: response.headers['content-type'] as string | undefined,
      body: response.body,
    });
    const isJson =
      /json/.test(String(response.headers['content-type'] ?? '')) && response.body !== '';
    return {
      status: response.statusCode,
      headers: response.headers,
      body: isJson ? response.json() : response.body,
      text: response.body,
      raw: response.rawPayload,
    };
  };
}
