import { asc, desc, type Column, type SQL } from 'drizzle-orm';
import type { Direction, OrderSpec, Query } from './types.js';
import { invalidValue } from './values.js';

/**
 * `order[field]=asc|desc` in the order the parameters were sent; fields outside the
 * whitelist are ignored (as API Platform does), the default order applies when none is
 * left, and the id always breaks ties so pages are stable.
 */
export function orderingOf(
  resource: { orders: Record<string, OrderSpec>; defaultOrder: [string, Direction][]; id: Column },
  query: Query,
): { clauses: SQL[]; joins: string[] } {
  const requested: [string, Direction][] = [];
  for (const [key, value] of Object.entries(query)) {
    const match = /^order\[(.+)\]$/.exec(key);
    if (!match || !Object.hasOwn(resource.orders, match[1]!)) continue;
    const direction = String(value).toLowerCase();
    if (direction !== 'asc' && direction !== 'desc') throw invalidValue(key, value);
    requested.push([match[1]!, direction]);
  }
  const chosen = requested.length > 0 ? requested : resource.defaultOrder;
  const joins: string[] = [];
  const clauses = chosen.map(([field, direction]) => {
    const spec = resource.orders[field]!;
    const expr = 'expr' in spec ? spec.expr : spec;
    if ('joins' in spec) joins.push(...spec.joins);
    return direction === 'desc' ? desc(expr) : asc(expr);
  });
  const lastDirection = chosen.at(-1)?.[1] ?? 'asc';
  clauses.push(lastDirection === 'desc' ? desc(resource.id) : asc(resource.id));
  return { clauses, joins };
}
