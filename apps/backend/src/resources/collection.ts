import { count, is, SQL, sql, type Placeholder } from 'drizzle-orm';
import type { PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.js';
import { executeSelectNamed, pieceOf, preparedByShape, valuesOf } from '../db/named.js';
import { hydraCollection } from '../http/hydra.js';
import { idList } from './ids.js';
import { orderingOf, type Ordering } from './ordering.js';
import { hydraView, pagingOf, type Paging } from './pagination.js';
import { fromOf, selectFrom, whereOf, withJoins, type Where } from './query.js';
import type { AnyResourceSpec, Query, RequestContext } from './types.js';

export { whereOf, withJoins, type Where } from './query.js';

export interface CollectionRequest extends RequestContext {
  /** The raw query string, kept in the `hydra:view` links. */
  search: URLSearchParams;
}

/** The key the page statement gives the total under (not a field of any resource). */
const TOTAL = '__total';

/**
 * Answers a Hydra collection: filters, scope, order, page, `hydra:view`, in two round trips:
 * the page with its total (one statement), then the resource's `expand` (totals, read states).
 */
export async function collection<Fields extends SelectedFields, Row>(
  resource: AnyResourceSpec<Fields, Row>,
  request: CollectionRequest,
): Promise<Record<string, unknown>> {
  const where = await whereOf(resource, request);
  await resource.beforeList?.(request);
  const from = await fromOf(resource, request);
  const { rows: fetched, totalItems, paging } = await page(resource, request, where, from);
  const rows = resource.expand ? await resource.expand(fetched, request) : fetched;
  if (resource.answer && paging === null) return resource.answer(rows, request);
  const path = filledPath(resource.path, request.params);
  const members = rows.map((row) => resource.serialize(row));
  const context = resource.jsonLdContext;
  const id = resource.collectionId?.(request) ?? path;
  let view: Record<string, string> | undefined;
  if (paging && context !== null) {
    const search = new URLSearchParams(request.search);
    search.delete('page');
    view = hydraView(path, search, paging, totalItems);
  }
  return hydraCollection(resource.type, id, members, { totalItems, view, context });
}

/**
 * Rows `ids` as the resource's list shows them, in the order of `ids`, with no scope: what a
 * write the caller was allowed made or changed.
 */
export async function membersByIds<Fields extends SelectedFields, Row>(
  resource: AnyResourceSpec<Fields, Row>,
  request: RequestContext,
  ids: (number | string)[],
): Promise<Record<string, unknown>[]> {
  const rows = await rowsByIds(resource, request, ids);
  const expanded = resource.expand ? await resource.expand(rows, request) : rows;
  return expanded.map((row) => resource.serialize(row));
}

/** The same as one collection, whole, named `id` (the files of one upload). */
export async function collectionOfIds<Fields extends SelectedFields, Row>(
  resource: AnyResourceSpec<Fields, Row>,
  request: RequestContext,
  ids: (number | string)[],
  id: string,
): Promise<Record<string, unknown>> {
  const members = await membersByIds(resource, request, ids);
  return hydraCollection(resource.type, id, members, { context: resource.jsonLdContext });
}

/** A resource's path with its `{name}` placeholders filled from the path's parameters. */
const filledPath = (path: string, params: Query = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

/**
 * The rows of the page and the total, in one statement (`pageStatement`); a second (the count
 * alone) only for a page past the end, where no row carries the total.
 */
async function page<Fields extends SelectedFields, Row>(
  resource: AnyResourceSpec<Fields, Row>,
  request: RequestContext,
  where: Where,
  from: PgTable | SQL,
): Promise<{ rows: Row[]; totalItems: number; paging: Paging | null }> {
  const { db } = request;
  // `page` and `itemsPerPage` are checked before the order: a bad page is the 400 answered.
  const paging =
    resource.pagination === 'none' ? null : pagingOf(resource.pagination, request.query);
  const order = await orderingOf(resource, request);
  if (paging === null) {
    const rows = (await topOf(
      resource,
      withJoins(selectFrom(db, resource.fields, from), resource, Object.keys(resource.joins))
        .where(where.condition)
        .orderBy(...order.clauses),
    )) as Row[];
    return { rows, totalItems: rows.length, paging: null };
  }
  const found = (await pageRows(resource, db, where, order, from, paging)) as (Row & {
    [TOTAL]: unknown;
  })[];
  const rows = found.map(({ [TOTAL]: _, ...row }) => row as Row);
  let totalItems = found.length > 0 ? Number(found[0]![TOTAL]) : 0;
  // Past the end no row carries the total; on page 1 none means there are none.
  if (found.length === 0 && paging.offset > 0)
    totalItems = await countPastEnd(resource, request, where, from);
  return { rows, totalItems, paging };
}

/**
 * The page's rows, each with the total. The statement is built once per shape (the texts of
 * its WHERE, ORDER BY and source, their joins) and prepared with placeholders for their values
 * and the page's bounds. A table's page is named, so each connection parses it once and
 * PostgreSQL may keep one plan for it (an index read, whatever the values); a source's stays
 * unnamed and is planned for its values each time (a sum per agent over a year, a group: its
 * plan depends on them, and planning is a small part of its cost).
 */
async function pageRows<Fields extends SelectedFields, Row>(
  resource: AnyResourceSpec<Fields, Row>,
  db: Database,
  where: Where,
  order: Ordering,
  from: PgTable | SQL,
  paging: Paging,
): Promise<unknown> {
  const source = is(from, SQL) ? pieceOf(from, 'f') : null;
  const condition = pieceOf(where.condition, 'w');
  const orderBy = pieceOf(sql.join(order.clauses, sql`, `), 'o');
  if (condition === null || orderBy === null || (is(from, SQL) && source === null)) {
    const statement = pageStatement(resource, db, where, order, from, paging.limit, paging.offset);
    return resource.source ? statement : executeSelectNamed(statement, 'page');
  }
  const pieces = { w: condition, o: orderBy, ...(source && { f: source }) };
  const shape = [
    condition.text,
    [...where.joins].join(),
    orderBy.text,
    order.joins.join(),
    source?.text,
  ].join('\0');
  const prepared = preparedByShape(db, resource, shape, resource.source ? undefined : 'page', () =>
    pageStatement(
      resource,
      db,
      { condition: condition.template, joins: where.joins },
      { clauses: [orderBy.template!], joins: order.joins },
      source ? source.template! : from,
      sql.placeholder('limit'),
      sql.placeholder('offset'),
    ),
  );
  return prepared.execute(valuesOf(pieces, { limit: paging.limit, offset: paging.offset }));
}

/**
 * The statement of a page:
 * - over a table: the ids of the page first, with only the joins the filters and the order
 *   need (an index can serve the order and the limit), joined back to the table for the
 *   projection; the total is an uncorrelated scalar subquery, which PostgreSQL runs once
 *   (an InitPlan) with its own plan (only the joins its filters need). `count(*) over ()` would
 *   make the page's own plan read every matching row before the limit (all 120,000 sales for
 *   page 40 of the network), where the index stops after the page.
 * - over a source (a query): `count(*) over ()` on the page, since the source is computed whole
 *   anyway (a sum per agent, a group) and computing it a second time for the count would double
 *   the cost.
 */
function pageStatement<Fields extends SelectedFields, Row>(
  resource: AnyResourceSpec<Fields, Row>,
  db: Database,
  where: Where,
  order: Ordering,
  from: PgTable | SQL,
  limit: number | Placeholder,
  offset: number | Placeholder,
): PgSelect {
  const allJoins = Object.keys(resource.joins);
  if (resource.source) {
    return withJoins(
      selectFrom(db, { ...resource.fields, [TOTAL]: sql`count(*) over ()` }, from),
      resource,
      allJoins,
    )
      .where(where.condition)
      .orderBy(...order.clauses)
      .limit(limit as number)
      .offset(offset as number);
  }
  const ids = withJoins(selectFrom(db, { id: sql`${resource.id}`.as('page_id') }, from), resource, [
    ...where.joins,
    ...order.joins,
  ])
    .where(where.condition)
    .orderBy(...order.clauses)
    .limit(limit as number)
    .offset(offset as number)
    .as('page');
  return withJoins(
    selectFrom(
      db,
      {
        ...resource.fields,
        [TOTAL]: sql`(${countStatement(resource, db, where, from)})`,
      },
      from,
    ).innerJoin(ids, sql`${resource.id} = ${ids.id}`),
    resource,
    allJoins,
  ).orderBy(...order.clauses);
}

/** `select count(*)` over the rows `where` keeps, with only the joins its filters need. */
const countStatement = <Fields extends SelectedFields, Row>(
  resource: AnyResourceSpec<Fields, Row>,
  db: Database,
  where: Where,
  from: PgTable | SQL,
): PgSelect =>
  withJoins(selectFrom(db, { total: count() }, from), resource, where.joins).where(where.condition);

/** An unpaged statement cut to the resource's `top` rows, when it declares a top list. */
export const topOf = <Fields extends SelectedFields, Row>(
  resource: AnyResourceSpec<Fields, Row>,
  statement: PgSelect,
): PgSelect => (resource.top === undefined ? statement : statement.limit(resource.top));

async function countPastEnd<Fields extends SelectedFields, Row>(
  resource: AnyResourceSpec<Fields, Row>,
  request: RequestContext,
  where: Where,
  from: PgTable | SQL,
): Promise<number> {
  const cheaper = resource.source?.count;
  const [row] = (
    cheaper && where.condition === undefined
      ? await request.db
          .select({ total: count() })
          .from(sql`(${await cheaper(request)}) as counted`)
      : await countStatement(resource, request.db, where, from)
  ) as { total: unknown }[];
  return Number(row?.total ?? 0);
}

/** The projected rows of `ids` (a table resource's primary keys), in the order of `ids`. */
export async function rowsByIds<Fields extends SelectedFields, Row>(
  resource: AnyResourceSpec<Fields, Row>,
  request: RequestContext,
  ids: (number | string)[],
): Promise<Row[]> {
  if (ids.length === 0) return [];
  const found = (await withJoins(
    selectFrom(request.db, resource.fields, await fromOf(resource, request)),
    resource,
    Object.keys(resource.joins),
  ).where(sql`${resource.id} = any(${idList(ids)})`)) as Row[];
  const byId = new Map(found.map((row) => [(row as { id: number | string }).id, row]));
  return ids.map((id) => byId.get(id)!).filter((row) => row !== undefined);
}
