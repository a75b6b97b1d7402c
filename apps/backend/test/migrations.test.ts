import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../src/config.js';
import { migrationsFolder, openDatabase } from '../src/db/client.js';
import {
  MigrationsPendingError,
  openDatabaseAtStart,
  pendingMigrations,
} from '../src/db/migrations.js';
import { rowsOf } from '../src/db/rows.js';
import { adminQuery } from './helpers/database.js';

const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;
const journal = JSON.parse(
  readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
) as {
  entries: unknown[];
};

const dropped: string[] = [];
afterAll(async () => {
  for (const name of dropped)
    await adminQuery(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

/** An empty database, never migrated: a new PostgreSQL database, or a new in-memory PGlite. */
async function emptyDatabase(): Promise<DatabaseConfig> {
  if (!onPostgres) return { kind: 'pglite', dataDir: null };
  const name = `test_migrations_${randomBytes(6).toString('hex')}`;
  await adminQuery(process.env.DATABASE_URL!, `CREATE DATABASE ${name}`);
  dropped.push(name);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return { kind: 'postgres', url: url.toString() };
}

describe('migrations', () => {
  it('counts what a database lacks; a process told not to migrate refuses it', async () => {
    const database = await emptyDatabase();
    const empty = await openDatabase({ database, migrate: false });
    try {
      expect(journal.entries.length).toBeGreaterThan(10);
      expect(await pendingMigrations(empty.db)).toBe(journal.entries.length);
    } finally {
      await empty.close();
    }
    // (An in-memory PGlite is a new, empty database at every open.)
    const refusal = openDatabaseAtStart({ database, migrateOnStart: false });
    await expect(refusal).rejects.toBeInstanceOf(MigrationsPendingError);
    await expect(refusal).rejects.toThrow(/lancez d'abord `node dist\/migrate\.js`/);
    if (onPostgres) {
      // Migrating at start: then nothing is missing, and a process that does not migrate starts.
      const migrated = await openDatabaseAtStart({ database, migrateOnStart: true });
      expect(await pendingMigrations(migrated.db)).toBe(0);
      await migrated.close();
      const started = await openDatabaseAtStart({ database, migrateOnStart: false });
      await started.close();
    }
  });

  it.skipIf(!onPostgres)(
    'two processes starting together on one PostgreSQL migrate one after the other',
    async () => {
      const database = await emptyDatabase();
      const handles = await Promise.all([
        openDatabase({ database }),
        openDatabase({ database }),
        openDatabase({ database }),
      ]);
      try {
        const [applied] = rowsOf<{ n: number }>(
          await handles[0]!.db.execute(
            sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
          ),
        );
        expect(applied!.n).toBe(journal.entries.length);
        for (const handle of handles) expect(await pendingMigrations(handle.db)).toBe(0);
      } finally {
        await Promise.all(handles.map((handle) => handle.close()));
      }
    },
    60_000,
  );
});
