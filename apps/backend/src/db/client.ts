import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import * as schema from './schema.js';
import { backendUrl } from '../paths.js';
import { applyMigrations } from './apply-migrations.js';
import type { Database } from './database.js';

export type { Database };

export interface DatabaseHandle {
  db: Database;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('drizzle', backendUrl));

/** Longest wait for a PostgreSQL connection, in ms. */
export const CONNECTION_TIMEOUT_MS = 10_000;

const logConnectionError = (error: Error) =>
  console.error(
    `PostgreSQL : connexion perdue (${error.message}) ; une nouvelle sera ouverte à la prochaine requête.`,
  );

/**
 * A connection PostgreSQL ends (a restart, `pg_terminate_backend`, a network cut) makes its
 * client emit 'error': the pool's while the client is idle, the client's own while it is
 * checked out (a transaction). Unheard, either ends the process. Here both are logged; the pool
 * drops the broken client (a checked-out one when it is released, its query having failed) and
 * opens a new connection when one is next needed, so the process serves again as soon as the
 * server is back.
 */
function watchConnections(pool: pg.Pool, onError: (error: Error) => void): void {
  // Every client gets a listener of its own, idle or not; the pool repeats an idle client's
  // error as its own 'error', which needs a listener too but is already logged.
  pool.on('connect', (client) => client.on('error', onError));
  pool.on('error', () => undefined);
}

/** Opens PGlite or PostgreSQL and brings the schema up to date (unless `migrate` is false). */
export async function openDatabase(config: {
  database: DatabaseConfig;
  /** Apply the migrations (default); false leaves that to another step (`dist/migrate.js`). */
  migrate?: boolean;
  /** Sees every statement with its parameters (the benchmark's EXPLAIN). */
  logger?: Logger;
  /** An embedded database starts as this dump of another (the tests' seeded template). */
  pgliteDump?: Blob;
  /** Told of each PostgreSQL connection lost (default: a line on stderr). */
  onConnectionError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  const { database, logger } = config;
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      // A request waits this long at most for a connection (a server that does not answer, or
      // every connection busy), then fails and is answered 503 instead of hanging.
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    });
    watchConnections(pool, config.onConnectionError ?? logConnectionError);
    const db = drizzlePg(pool, { schema, logger });
    try {
      if (config.migrate !== false) await applyMigrations(db, migrationsFolder);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Database, close: () => pool.end() };
  }
  if (database.dataDir) mkdirSync(database.dataDir, { recursive: true });
  const client = config.pgliteDump
    ? new PGlite({ loadDataDir: config.pgliteDump })
    : new PGlite(database.dataDir ?? undefined);
  const db = drizzlePglite(client, { schema, logger });
  try {
    if (config.migrate !== false) await applyMigrations(db as Database, migrationsFolder);
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db: db as unknown as Database, close: () => client.close() };
}
