import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { ContextualOrder, Direction, Expr, OrderSpec, RequestContext } from './types.js';
import { invalidValue } from './values.js';

/**
 * `order[field]=asc|desc` in the order the parameters were sent; fields outside the
 * whitelist are ignored (as API Platform does), the default order applies when none is
 * left, then the resource's `thenBy` keys, and the id always breaks ties so pages are stable
 * (in the direction of the last key, so that one index read backwards serves a `desc` order).
 */
export async function orderingOf(
  resource: {
    orders: Record<string, OrderSpec>;
    defaultOrder: [string, Direction][];
    thenBy?: OrderSpec[];
    id: Expr;
  },
  context: RequestContext,
): Promise<Ordering> {
  const { query } = context;
  const requested: [string, Direction][] = [];
  for (const [key, value] of Object.entries(query)) {
    const match = /^order\[(.+)\]$/.exec(key);
    if (!match || !Object.hasOwn(resource.orders, match[1]!)) continue;
    const direction = String(value).toLowerCase();
    if (direction !== 'asc' && direction !== 'desc') throw invalidValue(key, value);
    requested.push([match[1]!, direction]);
  }
  const chosen: [Resolved, Direction][] = await Promise.all(
    [
      ...(requested.length > 0 ? requested : resource.defaultOrder).map(
        ([field, direction]): [OrderSpec, Direction] => [resource.orders[field]!, direction],
      ),
      ...(resource.thenBy ?? []).map((spec): [OrderSpec, Direction] => [spec, 'asc']),
    ].map(async ([spec, direction]): Promise<[Resolved, Direction]> => [
      isContextual(spec) ? await spec.of(context) : spec,
      direction,
    ]),
  );
  const joins: string[] = [];
  // An expression already sorted on is not sorted on again (`thenBy` after the same name).
  const seen = new Set<Expr>();
  const clauses = chosen.flatMap(([spec, direction]) => {
    const { exprs, nullsLast } = partsOf(spec);
    if (typeof spec === 'object' && 'expr' in spec) joins.push(...(spec.joins ?? []));
    return exprs
      .filter((expr) => {
        if (seen.has(expr)) return false;
        seen.add(expr);
        return true;
      })
      .map((expr) => clause(expr, direction, nullsLast));
  });
  const lastDirection = chosen.at(-1)?.[1] ?? 'asc';
  clauses.push(lastDirection === 'desc' ? desc(resource.id) : asc(resource.id));
  return { clauses, joins };
}

/** A request's ORDER BY, and the joins its expressions need. */
export interface Ordering {
  clauses: SQL[];
  joins: string[];
}

const isContextual = (spec: OrderSpec): spec is ContextualOrder =>
  typeof spec === 'object' && 'of' in spec && typeof spec.of === 'function';

/** An order with its expression known for this request. */
type Resolved = Exclude<OrderSpec, ContextualOrder>;

function partsOf(spec: Resolved): { exprs: Expr[]; nullsLast: boolean } {
  if (typeof spec === 'object' && 'expr' in spec) {
    const exprs = Array.isArray(spec.expr) ? spec.expr : [spec.expr];
    return { exprs, nullsLast: spec.nulls === 'last' };
  }
  return { exprs: [spec], nullsLast: false };
}

function clause(expr: Expr, direction: Direction, nullsLast: boolean): SQL {
  // PostgreSQL puts nulls last ascending, first descending: only `desc` needs saying.
  if (nullsLast && direction === 'desc') return sql`${expr} desc nulls last`;
  return direction === 'desc' ? desc(expr) : asc(expr);
}
