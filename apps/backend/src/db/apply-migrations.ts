import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './database.js';

/** The key of the advisory lock every migrating process takes (any constant of our own). */
const MIGRATION_LOCK_KEY = 4_711_202_606;

/** Applies drizzle's migrations found in `migrationsFolder` that the database lacks. */
export async function applyMigrations(db: Database, migrationsFolder: string): Promise<void> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool)
    await withMigrationLock(client, () =>
      migratePg(db as unknown as NodePgDatabase, { migrationsFolder }),
    );
  // The embedded database has one process (its data directory is locked).
  else await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
}

/**
 * Runs drizzle's migrator holding a session advisory lock, so that processes starting together
 * on one PostgreSQL migrate one after the other: the migrator takes no lock of its own, and two
 * at once would both apply the same migration (one of them failing on the other's objects).
 * The second finds the work done and applies nothing.
 */
async function withMigrationLock<T>(pool: pg.Pool, migrate: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await migrate();
    } finally {
      await client
        .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
        .catch((error: Error) => (broken = error));
    }
  } catch (error) {
    broken ??= error as Error;
    throw error;
  } finally {
    // A connection that failed is not given back to the pool (it may still hold the lock).
    client.release(broken);
  }
}
