import type pg from 'pg';

/** The key of the advisory lock every migrating process takes (any constant of our own). */
const MIGRATION_LOCK_KEY = 4_711_202_606;

/**
 * Runs drizzle's migrator holding a session advisory lock, so that processes starting together
 * on one PostgreSQL migrate one after the other: the migrator takes no lock of its own, and two
 * at once would both apply the same migration (one of them failing on the other's objects).
 * The second finds the work done and applies nothing.
 */
export async function withMigrationLock<T>(pool: pg.Pool, migrate: () => Promise<T>): Promise<T> {
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
