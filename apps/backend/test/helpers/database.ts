import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';

/** Where `test/global-setup.ts` leaves the seeded template of the run. */
export const TEMPLATE_ENV = {
  pglite: 'PORTAL_TEST_PGLITE_TEMPLATE',
  postgres: 'PORTAL_TEST_PG_TEMPLATE',
} as const;

/**
 * A fresh database for one test file: in-memory PGlite, or, when DATABASE_URL points
 * at a real PostgreSQL, a throw-away database created next to it and dropped at the end.
 * `seeded`: a copy of the run's template (migrated, demo accounts, job queue schema) when
 * the global setup made one, which is much cheaper than migrating and seeding again.
 */
export async function createTestDatabase({ seeded = false } = {}): Promise<
  DatabaseHandle & { config: DatabaseConfig; seeded: boolean }
> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl || serverUrl === 'memory://') {
    const config: DatabaseConfig = { kind: 'pglite', dataDir: null };
    const template = seeded ? process.env[TEMPLATE_ENV.pglite] : undefined;
    const pgliteDump = template ? new Blob([readFileSync(template)]) : undefined;
    return {
      ...(await openDatabase({ database: config, pgliteDump })),
      config,
      seeded: pgliteDump !== undefined,
    };
  }

  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = seeded ? process.env[TEMPLATE_ENV.postgres] : undefined;
  await adminQuery(
    serverUrl,
    template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const config: DatabaseConfig = { kind: 'postgres', url: url.toString() };
  const handle = await openDatabase({ database: config });
  return {
    db: handle.db,
    config,
    seeded: template !== undefined,
    async close() {
      await handle.close();
      await admin(serverUrl, async (client) => {
        // pool.end() resolves before the server has read every connection's Terminate; FORCE
        // would then kill a closing connection, whose FATAL 57P01 surfaces as an uncaught error
        // of the test run. Give them up to 2 s to go first.
        for (let i = 0; i < 40; i++) {
          const { rows } = await client.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0]!.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

export const adminQuery = (url: string, text: string) => admin(url, (client) => client.query(text));

async function admin(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
