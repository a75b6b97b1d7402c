import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { startJobQueue } from '../src/jobs/queue.js';
import { seedDemo } from '../src/seed/demo.js';
import { adminQuery, TEMPLATE_ENV } from './helpers/database.js';

/**
 * Once per run: a database migrated, seeded with the demo accounts and holding the job queue's
 * schema, that every test file's context copies (a PGlite dump, or a PostgreSQL template) rather
 * than migrating and seeding its own: the most expensive step of each file, done once.
 */
async function prepare(db: Database): Promise<void> {
  await seedDemo(db);
  const queue = await startJobQueue(db, [], { work: false, supervise: false });
  await queue.stop();
}

export async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl || serverUrl === 'memory://') {
    const config: DatabaseConfig = { kind: 'pglite', dataDir: null };
    const handle = await openDatabase({ database: config });
    await prepare(handle.db);
    const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await handle.close();
    const file = join(tmpdir(), `portal-test-template-${randomBytes(6).toString('hex')}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env[TEMPLATE_ENV.pglite] = file;
    return async () => rmSync(file, { force: true });
  }
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ database: { kind: 'postgres', url: url.toString() } });
  await prepare(handle.db);
  await handle.close();
  process.env[TEMPLATE_ENV.postgres] = name;
  return async () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
