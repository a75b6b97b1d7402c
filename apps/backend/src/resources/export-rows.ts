import type { PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import { rowsByIds, whereOf, withJoins } from './collection.js';
import { orderingOf } from './ordering.js';
import type { RequestContext, ResourceSpec } from './types.js';

/**
 * Every row of the collection the same request would list (same scope, filters and order), with
 * no page and no cap: the ordered ids first (one query, a few bytes a row), then the rows
 * `batchSize` at a time, so an export holds one batch of rows in memory at once. Awaiting it
 * checks the filters (a bad one throws its 400) before the first byte of a file is sent.
 */
export async function exportRows<Fields extends SelectedFields, Row>(
  resource: ResourceSpec<Fields, Row>,
  request: RequestContext,
  batchSize = 500,
): Promise<AsyncGenerator<Row>> {
  const where = await whereOf(resource, request);
  const order = orderingOf(resource, request.query);
  const idRows = (await withJoins(
    request.db.select({ id: resource.id }).from(resource.table).$dynamic() as unknown as PgSelect,
    resource,
    [...where.joins, ...order.joins],
  )
    .where(where.condition)
    .orderBy(...order.clauses)) as { id: number }[];
  const ids = idRows.map((row) => row.id);
  return (async function* batches() {
    for (let start = 0; start < ids.length; start += batchSize) {
      const fetched = await rowsByIds(resource, request, ids.slice(start, start + batchSize));
      yield* resource.expand ? await resource.expand(fetched, request) : fetched;
    }
  })();
}
