import { and, count, sql, type SQL } from 'drizzle-orm';
import { intArray } from '../db/int-array.js';
import type { PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import { applyFilters } from './filters.js';
import { orderingOf } from './ordering.js';
import { hydraView, pagingOf } from './pagination.js';
import type { RequestContext, ResourceSpec } from './types.js';

export interface CollectionRequest extends RequestContext {
  /** The raw query string, kept in the `hydra:view` links. */
  search: URLSearchParams;
}

/** Answers a Hydra collection: filters, scope, order, page, `hydra:view`. */
export async function collection<Fields extends SelectedFields, Row>(
  resource: ResourceSpec<Fields, Row>,
  request: CollectionRequest,
): Promise<Record<string, unknown>> {
  const where = await whereOf(resource, request);
  const paging = pagingOf(resource.pagination, request.query);
  const order = orderingOf(resource, request.query);

  const countQuery = withJoins(
    request.db.select({ total: count() }).from(resource.table).$dynamic() as unknown as PgSelect,
    resource,
    where.joins,
  ).where(where.condition);
  // Ids first, with only the joins the filters and the order need (an index can then serve
  // the order and the limit), and the projection for those ids only.
  const idQuery = withJoins(
    request.db.select({ id: resource.id }).from(resource.table).$dynamic() as unknown as PgSelect,
    resource,
    [...where.joins, ...order.joins],
  )
    .where(where.condition)
    .orderBy(...order.clauses)
    .limit(paging.limit)
    .offset(paging.offset);

  const [[counted], idRows] = await Promise.all([countQuery, idQuery]);
  const fetched = await rowsByIds(
    resource,
    request,
    (idRows as { id: number }[]).map((r) => r.id),
  );
  const rows = resource.expand ? await resource.expand(fetched, request) : fetched;
  const totalItems = Number((counted as { total: number } | undefined)?.total ?? 0);
  const search = new URLSearchParams(request.search);
  search.delete('page');
  return {
    '@context': `/contexts/${resource.type}`,
    '@id': resource.path,
    '@type': 'hydra:Collection',
    'hydra:member': rows.map((row) => resource.serialize(row)),
    'hydra:totalItems': totalItems,
    'hydra:view': hydraView(resource.path, search, paging, totalItems),
  };
}

export interface Where {
  condition: SQL | undefined;
  joins: Iterable<string>;
}

export async function whereOf<Fields extends SelectedFields, Row>(
  resource: ResourceSpec<Fields, Row>,
  request: RequestContext,
): Promise<Where> {
  const scope = await resource.scope(request);
  const filters = await applyFilters(resource.filters, request);
  const conditions = [scope, ...filters.conditions].filter((c): c is SQL => c !== undefined);
  return {
    condition: conditions.length > 0 ? and(...conditions) : undefined,
    joins: filters.joins,
  };
}

export function withJoins<Fields extends SelectedFields, Row>(
  query: PgSelect,
  resource: ResourceSpec<Fields, Row>,
  names: Iterable<string>,
): PgSelect {
  let joined = query;
  const wanted = new Set(names);
  // Declaration order, since a join may rely on an earlier one.
  for (const [name, join] of Object.entries(resource.joins)) {
    if (wanted.has(name)) joined = join(joined);
  }
  return joined;
}

/** The projected rows of `ids`, in the order of `ids`. */
export async function rowsByIds<Fields extends SelectedFields, Row>(
  resource: ResourceSpec<Fields, Row>,
  request: RequestContext,
  ids: number[],
): Promise<Row[]> {
  if (ids.length === 0) return [];
  const found = (await withJoins(
    request.db.select(resource.fields).from(resource.table).$dynamic() as unknown as PgSelect,
    resource,
    Object.keys(resource.joins),
  ).where(sql`${resource.id} = any(${intArray(ids)})`)) as Row[];
  const byId = new Map(found.map((row) => [(row as { id: number }).id, row]));
  return ids.map((id) => byId.get(id)!).filter((row) => row !== undefined);
}
