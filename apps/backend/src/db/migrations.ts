import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { DatabaseConfig } from '../config.js';
import { backfillNewsEntries } from '../domain/news-read-state.js';
import { addNewCatalogueComponents } from '../seed/access.js';
import { migrationsFolder, openDatabase, type Database, type DatabaseHandle } from './client.js';
import { rowsOf } from './rows.js';

/**
 * The migrations of this code that the database lacks. drizzle records each applied migration
 * with its `folderMillis` and applies those newer than the last one recorded: the same rule.
 * A database migrated by newer code lacks none.
 */
export async function pendingMigrations(db: Database): Promise<number> {
  const [table] = rowsOf<{ present: boolean }>(
    await db.execute(
      sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
    ),
  );
  let last = 0;
  if (table?.present) {
    const [row] = rowsOf<{ last: string | number | null }>(
      await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`),
    );
    last = Number(row?.last ?? 0);
  }
  return readMigrationFiles({ migrationsFolder }).filter((m) => m.folderMillis > last).length;
}

/**
 * The data steps that follow the SQL migrations, idempotent and cheap when there is nothing to
 * do: components added to the catalogue since the database was seeded, and the news read-state
 * entries a database created before they were written on save lacks.
 */
export async function upgradeData(db: Database): Promise<void> {
  await addNewCatalogueComponents(db);
  await backfillNewsEntries(db);
}

/** The code needs migrations the database lacks, and this process was told not to apply them. */
export class MigrationsPendingError extends Error {
  constructor(readonly pending: number) {
    super(
      `La base de données n'a pas ${pending} migration(s) de cette version : lancez d'abord ` +
        '`node dist/migrate.js` (ou MIGRATE_ON_START=1). / ' +
        `The database lacks ${pending} migration(s) of this version: run \`node dist/migrate.js\` ` +
        'first (or set MIGRATE_ON_START=1).',
    );
    this.name = 'MigrationsPendingError';
  }
}

/**
 * The database as a server process starts on it: migrated first (schema, then the data steps)
 * when `migrateOnStart`, else only opened, and refused when it lacks a migration of this code.
 */
export async function openDatabaseAtStart(config: {
  database: DatabaseConfig;
  migrateOnStart: boolean;
}): Promise<DatabaseHandle> {
  const handle = await openDatabase({ database: config.database, migrate: config.migrateOnStart });
  try {
    if (config.migrateOnStart) await upgradeData(handle.db);
    else {
      const pending = await pendingMigrations(handle.db);
      if (pending > 0) throw new MigrationsPendingError(pending);
    }
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
