import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './database.js';

const dialect = new PgDialect();
const names = new Map<string, string>();

/**
 * Runs `query` as a named prepared statement: on PostgreSQL each connection parses it once and
 * may keep its plan (node-postgres prepares a name on first use); PGlite runs it as any other.
 * The name is the text's hash, so only for a statement whose text takes a few forms (values as
 * parameters, no literal lists): each form stays prepared on each connection while it lives.
 */
export async function executeNamed(db: Database, prefix: string, query: SQL): Promise<unknown> {
  const built = dialect.sqlToQuery(query);
  let name = names.get(built.sql);
  if (name === undefined) {
    name = `${prefix}_${createHash('sha1').update(built.sql).digest('hex').slice(0, 16)}`;
    names.set(built.sql, name);
  }
  return db._.session.prepareQuery(built, undefined, name, false).execute();
}
