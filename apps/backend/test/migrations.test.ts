import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../src/config.js';
import { applyMigrations } from '../src/db/apply-migrations.js';
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
  entries: { tag: string }[];
};

/** A copy of the migrations folder holding those before `tag` only. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  writeFileSync(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }),
  );
  return folder;
}

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

  it("0018 gives every event its page's route, and a page named by its path its French title", async () => {
    const database = await emptyDatabase();
    const handle = await openDatabase({ database, migrate: false });
    const before = migrationsBefore('0018_tracking_routes');
    try {
      await applyMigrations(handle.db, before);
      // Rows as they were written before: the seed named a page by its path, the apps by its
      // title with the path the browser showed (ids included).
      await handle.db.execute(sql`
        with profile as (
          insert into profiles (title, type, name) values ('Conseiller', 'Mandataire', 'ROLE_CONSEILLER')
          returning id),
        person as (
          insert into users (email, password_hash, first_name, last_name, profile_id)
          select 'ancien@exemple.fr', 'x', 'Anne', 'Ancien', id from profile returning id),
        session as (
          insert into tracking_sessions (user_id) select id from person returning id, user_id)
        insert into tracking_events (session_id, user_id, type, action, path, device, occurred_at)
        select session.id, session.user_id, e.type, e.action, e.path, 'PC', now()
        from session, (values
          ('PAGE', '/library/bibliotheque', '/library/bibliotheque'),
          ('PAGE', 'Bibliothèque', '/library/bibliotheque'),
          ('PAGE', 'Bibliothèque', '/library/bibliotheque/12'),
          ('PAGE', '/my/reminders', '/my/reminders'),
          ('PAGE', 'Mes rappels', '/my/reminders'),
          ('PAGE', 'Fiche client', '/my-customers/42'),
          ('PAGE', 'Mes clients', '/my-customers'),
          ('CLICK', 'Exporter', '/my-customers/42'),
          ('DOCUMENT', 'Guide.pdf', '/library/bibliotheque/12'),
          ('PAGE', '/ancienne-page', '/ancienne-page')
        ) as e(type, action, path)`);
      await applyMigrations(handle.db, migrationsFolder);
      const rows = rowsOf<{ type: string; action: string; route: string; n: number }>(
        await handle.db.execute(sql`
          select type, action, route, count(*)::int as n from tracking_events
          group by 1, 2, 3 order by 1, 3, 2`),
      );
      expect(rows).toEqual([
        { type: 'CLICK', action: 'Exporter', route: '/my-customers/:id', n: 1 },
        { type: 'DOCUMENT', action: 'Guide.pdf', route: '/library/bibliotheque/:folderId', n: 1 },
        // A path no route of the apps matches keeps itself as its key, and its name.
        { type: 'PAGE', action: '/ancienne-page', route: '/ancienne-page', n: 1 },
        { type: 'PAGE', action: 'Bibliothèque', route: '/library/bibliotheque', n: 2 },
        { type: 'PAGE', action: 'Bibliothèque', route: '/library/bibliotheque/:folderId', n: 1 },
        { type: 'PAGE', action: 'Mes clients', route: '/my-customers', n: 1 },
        { type: 'PAGE', action: 'Fiche client', route: '/my-customers/:id', n: 1 },
        { type: 'PAGE', action: 'Mes rappels', route: '/my/reminders', n: 2 },
      ]);
      expect(await pendingMigrations(handle.db)).toBe(0);
    } finally {
      rmSync(before, { recursive: true, force: true });
      await handle.close();
    }
  }, 60_000);
});
