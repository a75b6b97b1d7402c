import { createHash } from 'node:crypto';
import { Column, is, Param, Placeholder, SQL, sql, StringChunk } from 'drizzle-orm';
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
  nameStatement(prepared, prefix);
  return prepared.execute();
}

/**
 * Names a prepared query by its text's hash (`executeNamed`), on node-postgres; with no prefix,
 * sends it unnamed (drizzle names it as prepared).
 */
function nameStatement(prepared: object, prefix: string | undefined) {
  // node-postgres: the name it sends is in these two configs (PGlite has none and ignores it).
  const configs = prepared as unknown as Partial<
    Record<'queryConfig' | 'rawQueryConfig', { name?: string; text: string }>
  >;
  const text = configs.queryConfig?.text;
  if (text !== undefined) {
    const name = prefix === undefined ? undefined : nameOf(prefix, text);
    configs.queryConfig!.name = name;
    if (configs.rawQueryConfig) configs.rawQueryConfig.name = name;
  }
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

/**
 * A part of a statement that varies from request to request (a WHERE, an ORDER BY, a derived
 * table): its text, which the statement's shape depends on, its values, and the same text with
 * each value a placeholder `${prefix}${index}` (undefined for an absent part).
 */
export interface Piece {
  text: string;
  values: unknown[];
  template: SQL | undefined;
}

const PARAMETER = /\$(\d+)/g;

/**
 * `query` as a piece, or null when its text's placeholders are not `$1` to `$n` in order, one a
 * value (a `$` in a raw text): the template would not stand for the same statement. A query made
 * of text, columns and values only is rendered once per structure (`structureOf`): the next
 * request's WHERE or ORDER BY of the same structure takes the piece's text and template as they
 * are, with its own values.
 */
export function pieceOf(query: SQL | undefined, prefix: string): Piece | null {
  if (query === undefined) return { text: '', values: [], template: undefined };
  const structure = structureOf(query);
  const key = structure && `${prefix}\u0001${structure.key}`;
  const known = key ? renderedPieces.get(key) : undefined;
  if (known) return { text: known.text, values: structure!.values, template: known.template };
  const piece = renderedPieceOf(query, prefix);
  // Kept only when the walk met the values drizzle numbered, in its order.
  const same =
    piece?.values.length === structure?.values.length &&
    piece!.values.every((value, index) => Object.is(value, structure!.values[index]));
  if (piece && key && same) {
    if (renderedPieces.size >= MAX_SHAPES) renderedPieces.clear();
    renderedPieces.set(key, { text: piece.text, template: piece.template });
  }
  return piece;
}

/** Pieces rendered, by prefix and structure. */
const renderedPieces = new Map<string, { text: string; template: SQL | undefined }>();
/** A number for each column met, its part of a structure (the same column renders the same). */
const columnIds = new WeakMap<Column, number>();
let columnCount = 0;

/**
 * A query's structure, its texts and columns (not its values), and its values as drizzle sends
 * them (the encoder's driver value, or a value written in `sql` as it is), in the order drizzle
 * numbers them; null when it holds anything else (a name, a table, a placeholder, a list, an
 * object, inlined values): left to drizzle alone.
 */
function structureOf(query: SQL): { key: string; values: unknown[] } | null {
  const parts: string[] = [];
  const values: unknown[] = [];
  const walk = (chunk: SQL): boolean => {
    // drizzle renders such a query's values into its text (`sql.inline`, private to SQL).
    if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
    for (const part of chunk.queryChunks) {
      if (part === undefined) continue;
      if (is(part, StringChunk)) parts.push(part.value.join(''));
      else if (is(part, SQL)) {
        parts.push('\u0002(');
        if (!walk(part)) return false;
        parts.push('\u0002)');
      } else if (is(part, Column)) {
        let id = columnIds.get(part);
        if (id === undefined) columnIds.set(part, (id = columnCount++));
        parts.push(`\u0003${id}`);
      } else if (is(part, Param)) {
        if (is(part.value, Placeholder)) return false;
        const value =
          part.value === null
            ? null
            : (part.encoder as Param['encoder']).mapToDriverValue(part.value);
        if (is(value, SQL)) return false;
        parts.push('\u0004');
        values.push(value);
      } else if (part === null || ['number', 'string', 'boolean', 'bigint'].includes(typeof part)) {
        // A value written in `sql` as it is: sent as it is.
        parts.push('\u0004');
        values.push(part);
      } else return false;
    }
    return true;
  };
  return walk(query) ? { key: parts.join(''), values } : null;
}

/** `pieceOf` through drizzle's renderer. */
function renderedPieceOf(query: SQL, prefix: string): Piece | null {
  const { sql: text, params: values } = dialect.sqlToQuery(query);
  const chunks: (SQL | Placeholder)[] = [];
  let last = 0;
  let expected = 1;
  for (const match of text.matchAll(PARAMETER)) {
    if (Number(match[1]) !== expected) return null;
    chunks.push(
      sql.raw(text.slice(last, match.index)),
      sql.placeholder(`${prefix}${expected - 1}`),
    );
    last = match.index + match[0].length;
    expected += 1;
  }
  if (expected - 1 !== values.length) return null;
  chunks.push(sql.raw(text.slice(last)));
  return { text, values, template: sql.join(chunks) };
}

/** Placeholder values for pieces made with `pieceOf` (their prefixes), added to `into`. */
export function valuesOf(pieces: Record<string, Piece>, into: Record<string, unknown>) {
  for (const [prefix, piece] of Object.entries(pieces))
    piece.values.forEach((value, index) => (into[`${prefix}${index}`] = value));
  return into;
}

type Prepared = { execute(values: Record<string, unknown>): Promise<unknown> };

/**
 * Prepared statements by database handle (a transaction's handle has its own), owner (the
 * resource) and shape.
 */
const byShape = new WeakMap<object, WeakMap<object, Map<string, Prepared>>>();
/** Enough for every list's shapes; past it (lists of ids in a text) the map starts again. */
const MAX_SHAPES = 1_000;

/**
 * The statement of `shape` on `db`, named from `prefix` (unnamed without one), built by `build`
 * the first time only: building a list's
 * select (its projection, joins, subqueries) through the query builder costs more CPU than the
 * rest of the request on the backend's side, and its text is the same for every request of the
 * same shape. `build` returns a query builder's statement made with the pieces' templates.
 */
export function preparedByShape(
  db: object,
  owner: object,
  shape: string,
  prefix: string | undefined,
  build: () => { prepare(name: string): Prepared },
): Prepared {
  let owners = byShape.get(db);
  if (owners === undefined) byShape.set(db, (owners = new WeakMap()));
  let shapes = owners.get(owner);
  if (shapes === undefined) owners.set(owner, (shapes = new Map()));
  let prepared = shapes.get(shape);
  if (prepared === undefined) {
    if (shapes.size >= MAX_SHAPES) shapes.clear();
    prepared = build().prepare(prefix ?? 'unnamed');
    nameStatement(prepared, prefix);
    shapes.set(shape, prepared);
  }
  return prepared;
}

/**
 * `preparedByShape` for a statement written as SQL (not a query builder's): `build` returns it
 * with placeholders for its values, rendered and prepared the first time only.
 */
export function sqlByShape(
  db: Database,
  owner: object,
  shape: string,
  prefix: string | undefined,
  build: () => SQL,
): Prepared {
  return preparedByShape(db, owner, shape, prefix, () => ({
    prepare: (name) =>
      db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false),
  }));
}
