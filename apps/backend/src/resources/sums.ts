import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { rowsOf } from '../db/rows.js';
import { fromOf, selectFrom, whereOf, withJoins } from './query.js';
import type { AnyResourceSpec, RequestContext, SumPart, SumSpec } from './types.js';

/**
 * Aggregates over a resource's rows for the request: its scope and the filters the parameters
 * name (`exercice`, `cgpId`), with the joins those need and `joins` (what the aggregates read).
 * Each aggregate answers a number (`coalesce(sum(…), 0)`, `count(*)`).
 */
export function sumsOver<Fields extends SelectedFields, Row>(
  resource: AnyResourceSpec<Fields, Row>,
  sums: Record<string, SQL>,
  joins: string[] = [],
): SumPart {
  const columns = Object.fromEntries(
    Object.entries(sums).map(([name, expr]) => [name, sql`${expr}`.as(name)]),
  );
  return {
    async statement(context) {
      const where = await whereOf(resource, context);
      return withJoins(selectFrom(context.db, columns, await fromOf(resource, context)), resource, [
        ...where.joins,
        ...joins,
      ])
        .where(where.condition)
        .getSQL();
    },
  };
}

/** `sum(expr)` of the rows (those matching `filter` only, when given), 0 when there are none. */
export const sumOf = (expr: SQLWrapper, filter?: SQL): SQL =>
  filter
    ? sql`coalesce(sum(${expr}) filter (where ${filter}), 0)::float8`
    : sql`coalesce(sum(${expr}), 0)::float8`;

/** The totals of a sum declaration: every part in one statement, one row, numbers. */
export async function sumTotals<Body>(
  spec: SumSpec<Body>,
  context: RequestContext,
): Promise<Record<string, number>> {
  const parts = await Promise.all(spec.parts.map((part) => part.statement(context)));
  const statement =
    parts.length === 1
      ? parts[0]!
      : sql`select * from ${sql.join(
          parts.map((part, index) => sql`(${part}) as ${sql.identifier(`part${index}`)}`),
          sql` cross join `,
        )}`;
  const [row] = rowsOf<Record<string, unknown>>(await context.db.execute(statement));
  return Object.fromEntries(
    Object.entries(row ?? {}).map(([key, value]) => [key, Number(value ?? 0)]),
  );
}
