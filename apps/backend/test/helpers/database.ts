import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';

/**
 * A fresh database for one test file: in-memory PGlite, or, when DATABASE_URL points
 * at a real PostgreSQL, a throw-away database created next to it and dropped at the end.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { config: DatabaseConfig }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl || serverUrl === 'memory://') {
    const config: DatabaseConfig = { kind: 'pglite', dataDir: null };
    return { ...(await openDatabase({ database: config })), config };
  }

  const name = `test_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const config: DatabaseConfig = { kind: 'postgres', url: url.toString() };
  const handle = await openDatabase({ database: config });
  return {
    db: handle.db,
    config,
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

async function admin(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
