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
 * parameters): each form stays prepared on each connection while it lives. A text carrying a
 * literal id list (`intArray`: an agent's sales scope) is sent unnamed, as a name per list would
 * pile up on every connection.
 */
export async function executeNamed(db: Database, prefix: string, query: SQL): Promise<unknown> {
  const built = dialect.sqlToQuery(query);
  return db._.session.prepareQuery(built, undefined, nameOf(prefix, built.sql), false).execute();
}

/** `intArray`'s literal: a text carrying one is different for every list, and stays unnamed. */
const LITERAL_LIST = "}'::int[]";

/** A query builder's statement (a select) run as `executeNamed` runs SQL, built once. */
export async function executeSelectNamed<T>(
  statement: { prepare(name: string): { execute(): Promise<T> } },
  prefix: string,
): Promise<T> {
  const prepared = statement.prepare(prefix);
  // node-postgres: the name it sends is in these two configs (PGlite has none and ignores it).
  const configs = prepared as unknown as Partial<
    Record<'queryConfig' | 'rawQueryConfig', { name?: string; text: string }>
  >;
  const text = configs.queryConfig?.text;
  if (text !== undefined) {
    const name = nameOf(prefix, text);
    configs.queryConfig!.name = name;
    if (configs.rawQueryConfig) configs.rawQueryConfig.name = name;
  }
  return prepared.execute();
}

function nameOf(prefix: string, text: string): string | undefined {
  if (text.includes(LITERAL_LIST)) return undefined;
  let name = names.get(text);
  if (name === undefined) {
    name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    names.set(text, name);
  }
  return name;
}
