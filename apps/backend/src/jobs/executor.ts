import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/client.js';

/**
 * pg-boss's database port (`executeSql(text, values)` answering `{ rows }`) over the client
 * drizzle already holds: the node-postgres pool on PostgreSQL, the PGlite instance when
 * embedded. pg-boss then needs no connection of its own, and the embedded database works as the
 * real one does. Its migrations send several statements in one text without parameters: PGlite
 * runs those with `exec`, which answers one result per statement.
 */
export function jobExecutor(db: Database): {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
} {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (isPglite(client))
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) {
          const result = await client.query(text, values);
          return { rows: result.rows };
        }
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    };
  return {
    async executeSql(text, values) {
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
  };
}

const isPglite = (client: pg.Pool | PGlite): client is PGlite =>
  typeof (client as PGlite).exec === 'function' && !('totalCount' in client);
