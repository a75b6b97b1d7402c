import type { Principal } from './auth/principal.js';
import type { Config } from './config.js';
import type { Handler } from './contract.js';
import type { Database } from './db/client.js';
import type { FileStorage } from './files/storage.js';
import type { JobQueue } from './jobs/queue.js';
import type { Mailer } from './mail.js';
import type { Observability } from './observability/index.js';

export interface Deps {
  db: Database;
  config: Config;
  mailer: Mailer;
  /** Uploaded and generated files (local disk or S3, `files/storage.ts`). */
  storage: FileStorage;
  /** The PostgreSQL job queue (`jobs/queue.ts`). */
  jobs: JobQueue;
  /** The process's logger and metrics (`observability/`); without it, Fastify's own logger. */
  observability?: Observability;
}

/** The handlers of one backend module, keyed by the operationId they serve. */
export type HandlerMap = Record<string, Handler<Principal>>;
