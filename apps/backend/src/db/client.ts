import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Opens PGlite or PostgreSQL and brings the schema up to date. */
export async function openDatabase(config: {
  database: DatabaseConfig;
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
      await migratePg(db, { migrationsFolder });
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
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db: db as unknown as Database, close: () => client.close() };
}
