import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/client.js';

/** A drizzle transaction of the backend's database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

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

/** Something that runs a query with `$n` parameters and answers its rows. */
interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

const isQueryable = (value: unknown): value is Queryable =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { query?: unknown }).query === 'function';

/**
 * pg-boss's database port over an open drizzle transaction: what pg-boss writes (a job sent)
 * then commits or rolls back with the caller's own rows. The transaction's session holds its
 * connection (the pool's client on PostgreSQL, PGlite's transaction when embedded) in a field
 * drizzle does not publish: a drizzle that moves it fails here loudly (the invoices tests send
 * a job this way on both engines), never by sending outside the transaction.
 */
export function transactionExecutor(tx: Transaction): {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
} {
  const session: object = tx._.session;
  const client = 'client' in session ? session.client : undefined;
  if (!isQueryable(client)) throw new Error('The transaction exposes no connection');
  return {
    async executeSql(text, values) {
      const result = await client.query(text, values ?? []);
      return { rows: result.rows };
    },
  };
}

const isPglite = (client: pg.Pool | PGlite): client is PGlite =>
  typeof (client as PGlite).exec === 'function' && !('totalCount' in client);
