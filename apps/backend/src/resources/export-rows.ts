import type { SelectedFields } from 'drizzle-orm/pg-core';
import { rowsByIds, topOf } from './collection.js';
import { orderingOf } from './ordering.js';
import { fromOf, selectFrom, whereOf, withJoins } from './query.js';
import type { AnyResourceSpec, RequestContext } from './types.js';

/**
 * Every row of the collection the same request would list (same scope, filters and order), with
 * no page and no cap. Over a table: the ordered ids first (one query, a few bytes a row), then
 * the rows `batchSize` at a time, so an export holds two batches of rows in memory at most. Over
 * a source (a query computed whole: sums per agent, groups): its rows in one statement, since
 * reading it again for each batch would compute it again; `expand` still runs per batch.
 * Awaiting it checks the filters (a bad one throws its 400) and reads the first batch, `expand`
 * included, before the first byte of a file: whatever else the rows' reading checks in the
 * request (the totals' `years`) is refused then too, and never cuts a download already begun.
 */
export async function exportRows<Fields extends SelectedFields, Row>(
  resource: AnyResourceSpec<Fields, Row>,
  request: RequestContext,
  batchSize = 2500,
): Promise<AsyncGenerator<Row>> {
  const where = await whereOf(resource, request);
  const order = await orderingOf(resource, request);
  const from = await fromOf(resource, request);
  const expand = async (rows: Row[]) =>
    resource.expand ? await resource.expand(rows, request) : rows;
  if (resource.source) {
    const rows = (await topOf(
      resource,
      withJoins(
        selectFrom(request.db, resource.fields, from),
        resource,
        Object.keys(resource.joins),
      )
        .where(where.condition)
        .orderBy(...order.clauses),
    )) as Row[];
    const first = await expand(rows.slice(0, batchSize));
    return (async function* whole() {
      yield* first;
      for (let start = batchSize; start < rows.length; start += batchSize)
        yield* await expand(rows.slice(start, start + batchSize));
    })();
  }
  const idRows = (await topOf(
    resource,
    withJoins(selectFrom(request.db, { id: resource.id }, from), resource, [
      ...where.joins,
      ...order.joins,
    ])
      .where(where.condition)
      .orderBy(...order.clauses),
  )) as { id: number | string }[];
  const ids = idRows.map((row) => row.id);
  const batch = async (start: number) =>
    expand(await rowsByIds(resource, request, ids.slice(start, start + batchSize)));
  // Awaited here, before any byte; even with no row, so that `expand` sees the request.
  const first = await batch(0);
  return (async function* batches() {
    // The next batch is read while this one is written: the database works (in its own
    // process) while the spreadsheet is built here. At most two batches are held.
    let next: Promise<Row[]> | null = Promise.resolve(first);
    for (let start = 0; next; start += batchSize) {
      const rows = await next;
      next = start + batchSize < ids.length ? batch(start + batchSize) : null;
      // A failed read ahead is thrown where it is awaited, never left unhandled.
      next?.catch(() => undefined);
      yield* rows;
    }
  })();
}
