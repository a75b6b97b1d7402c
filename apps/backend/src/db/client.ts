import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import * as schema from './schema.js';
import { backendUrl } from '../paths.js';
import { applyMigrations } from './apply-migrations.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('drizzle', backendUrl));

/** Opens PGlite or PostgreSQL and brings the schema up to date (unless `migrate` is false). */
export async function openDatabase(config: {
  database: DatabaseConfig;
  /** Apply the migrations (default); false leaves that to another step (`dist/migrate.js`). */
  migrate?: boolean;
  /** Sees every statement with its parameters (the benchmark's EXPLAIN). */
  logger?: Logger;
  /** An embedded database starts as this dump of another (the tests' seeded template). */
  pgliteDump?: Blob;
}): Promise<DatabaseHandle> {
  const { database, logger } = config;
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
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
