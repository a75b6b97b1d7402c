import type { PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import { rowsByIds, whereOf, withJoins } from './collection.js';
import { orderingOf } from './ordering.js';
import type { RequestContext, ResourceSpec } from './types.js';

/**
 * Every row of the collection the same request would list (same scope, filters and order), with
 * no page and no cap: the ordered ids first (one query, a few bytes a row), then the rows
 * `batchSize` at a time, so an export holds two batches of rows in memory at most. Awaiting it
 * checks the filters (a bad one throws its 400) before the first byte of a file is sent.
 */
export async function exportRows<Fields extends SelectedFields, Row>(
  resource: ResourceSpec<Fields, Row>,
  request: RequestContext,
  batchSize = 2500,
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
  const batch = async (start: number) => {
    const fetched = await rowsByIds(resource, request, ids.slice(start, start + batchSize));
    return resource.expand ? await resource.expand(fetched, request) : fetched;
  };
  return (async function* batches() {
    // The next batch is read while this one is written: the database works (in its own
    // process) while the spreadsheet is built here. At most two batches are held.
    let next = ids.length > 0 ? batch(0) : null;
    for (let start = 0; next; start += batchSize) {
      const rows = await next;
      next = start + batchSize < ids.length ? batch(start + batchSize) : null;
      // A failed read ahead is thrown where it is awaited, never left unhandled.
      next?.catch(() => undefined);
      yield* rows;
    }
  })();
}
