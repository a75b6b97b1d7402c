import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Principal } from '../auth/principal.js';
import { handWritten, type Handler } from '../contract.js';
import type { Database } from '../db/client.js';
import { notFound } from '../http/errors.js';
import { fromOf, selectFrom, withJoins } from './query.js';
import type { AnyResourceSpec, RequestContext, WritableResourceSpec } from './types.js';

/** One item the caller may see, or a Hydra 404 (an item out of scope is answered as missing). */
export async function item<Fields extends SelectedFields, Row>(
  resource: AnyResourceSpec<Fields, Row>,
  /** The primary key: an integer, or a uuid (participations). */
  id: number | string,
  request: RequestContext,
): Promise<Record<string, unknown>> {
  // An item checked on its own is found first, then refused (a 403) or answered.
  const scope = resource.itemCheck ? undefined : await resource.scope(request);
  const query = withJoins(
    selectFrom(request.db, resource.fields, await fromOf(resource, request)),
    resource,
    Object.keys(resource.joins),
  ).where(and(sql`${resource.id} = ${id}`, scope));
  const found = (await query) as Row[];
  const [row] = resource.expand && found.length > 0 ? await resource.expand(found, request) : found;
  if (!row) throw notFound();
  await resource.itemCheck?.(row, request);
  return resource.serialize(row);
}

/**
 * The ids of item `id` if the caller may write it (its resource's `writeScope`, joins applied as
 * `GET /{id}` does), as a subquery for the write's `where`. Wrapped in an object: a query is a
 * thenable, which an async function would run instead of answering it.
 */
export async function writableIds<Fields extends SelectedFields, Row>(
  resource: WritableResourceSpec<Fields, Row>,
  id: number,
  request: RequestContext,
): Promise<{ ids: PgSelect }> {
  const scope = await resource.writeScope(request);
  const ids = withJoins(
    request.db.select({ id: resource.id }).from(resource.table).$dynamic() as unknown as PgSelect,
    resource,
    Object.keys(resource.joins),
  ).where(and(eq(resource.id, id), scope));
  return { ids };
}

/** A 404 unless the caller may write item `id`: missing, unreadable and read-only alike. */
export async function requireWritable<Fields extends SelectedFields, Row>(
  resource: WritableResourceSpec<Fields, Row>,
  id: number,
  request: RequestContext,
): Promise<void> {
  const found = await (await writableIds(resource, id, request)).ids;
  if (found.length === 0) throw notFound();
}

/** The row of `table` whose `id` is `id`, whole, for a hand-written handler; else a 404. */
export async function rowById<T extends PgTable & { id: PgColumn }>(
  db: Database,
  table: T,
  id: number,
): Promise<T['$inferSelect']> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  if (!row) throw notFound();
  return row as T['$inferSelect'];
}

/**
 * Deletes the row of `table` whose `id` is `id`, once a hand-written handler has checked the
 * caller's rights on it: a 404 when there was none (deleted meanwhile by another request).
 */
export async function deleteRowById<T extends PgTable & { id: PgColumn }>(
  db: Database,
  table: T,
  id: number,
): Promise<void> {
  const deleted = await db
    .delete(table as PgTable)
    .where(eq(table.id, id))
    .returning({ id: table.id });
  if (deleted.length === 0) throw notFound();
}

/**
 * `GET` of one row of `table` by its `{id}`, answered as `json` makes it (a 404 without): for a
 * hand-written operation, whose `reason` the router sees.
 */
export function rowHandler<T extends PgTable & { id: PgColumn }>(
  reason: string,
  db: Database,
  table: T,
  json: (row: T['$inferSelect']) => unknown,
): Handler<Principal> {
  return handWritten(reason, async ({ params }) => {
    const row = await rowById(db, table, Number(params.id));
    return { status: 200, body: await json(row) };
  });
}
