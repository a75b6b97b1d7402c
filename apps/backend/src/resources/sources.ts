import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { fromOf, selectFrom, whereOf, withJoins } from './query.js';
import type { AnyResourceSpec, RequestContext, SqlSource } from './types.js';

type Decoder<T> = (value: unknown) => T;

/**
 * The output columns of a source, typed: `sourceColumns('team', { id: Number, cgp_id: String })`
 * gives `team.id` (`"team"."id"`, read as a number) for fields, filters and orders. A null stays
 * null (drizzle does not decode it).
 */
export function sourceColumns<Decoders extends Record<string, Decoder<unknown>>>(
  alias: string,
  decoders: Decoders,
): { [K in keyof Decoders]: SQL<ReturnType<Decoders[K]>> } {
  return Object.fromEntries(
    Object.entries(decoders).map(([name, decode]) => [
      name,
      sql`${sql.identifier(alias)}.${sql.identifier(name)}`.mapWith(decode),
    ]),
  ) as { [K in keyof Decoders]: SQL<ReturnType<Decoders[K]>> };
}

/** A decoder keeping SQL `numeric` and `bigint` (sent as text) as numbers. */
export const toNumber: Decoder<number> = (value) => Number(value);
export const toText: Decoder<string> = (value) => String(value);

/**
 * A source grouping another resource's rows (its scope and filters, read from the same
 * request): `select <columns> from <resource> where <its scope and filters> group by <by>`.
 * Each column is named after its key, which `sourceColumns` reads.
 */
export function groupedSource<Fields extends SelectedFields, Row>(
  resource: AnyResourceSpec<Fields, Row>,
  options: {
    alias: string;
    /** The resource's joins the columns need (the filters bring their own). */
    joins: string[];
    /** Or read from the request (a column only some parameters give: a period's month). */
    columns: Record<string, SQLWrapper> | ((context: RequestContext) => Record<string, SQLWrapper>);
    groupBy: SQLWrapper[];
  },
): SqlSource {
  return {
    alias: options.alias,
    // The statement's SQL, not the builder: an async function returning a builder would run it.
    async query(context) {
      const where = await whereOf(resource, context);
      const declared =
        typeof options.columns === 'function' ? options.columns(context) : options.columns;
      const columns = Object.fromEntries(
        Object.entries(declared).map(([name, expr]) => [name, sql`${expr}`.as(name)]),
      );
      return withJoins(selectFrom(context.db, columns, await fromOf(resource, context)), resource, [
        ...options.joins,
        ...where.joins,
      ])
        .where(where.condition)
        .groupBy(...(options.groupBy as SQL[]))
        .getSQL();
    },
  };
}
