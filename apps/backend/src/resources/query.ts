import { and, sql, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { applyFilters } from './filters.js';
import type { AnyResourceSpec, RequestContext } from './types.js';

/** The pieces every query of a resource is built from: its FROM, its joins, its WHERE. */

/** What a resource's queries read from: its table, or its source as a named derived table. */
export async function fromOf<Fields extends SelectedFields, Row>(
  resource: AnyResourceSpec<Fields, Row>,
  context: RequestContext,
): Promise<PgTable | SQL> {
  if (!resource.source) return resource.table;
  const query = await resource.source.query(context);
  return sql`(${query}) as ${sql.identifier(resource.source.alias)}`;
}

/** `select <fields> from <from>`, dynamic, for the joins, conditions and orders to come. */
export function selectFrom(db: Database, fields: SelectedFields, from: PgTable | SQL): PgSelect {
  // drizzle types `from()` per kind of source; the layer only builds on it dynamically.
  return db
    .select(fields)
    .from(from as PgTable)
    .$dynamic() as unknown as PgSelect;
}

export interface Where {
  condition: SQL | undefined;
  joins: Iterable<string>;
}

/** The scope ANDed with the filters of the request: a filter can only narrow the scope. */
export async function whereOf<Fields extends SelectedFields, Row>(
  resource: AnyResourceSpec<Fields, Row>,
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
  resource: AnyResourceSpec<Fields, Row>,
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
