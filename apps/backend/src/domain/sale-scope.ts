import { sql, type Column, type SQL } from 'drizzle-orm';
import { accessOf } from '../access/principal-access.js';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/client.js';
import { intArray } from '../db/int-array.js';
import { rowsOf } from '../db/rows.js';

/**
 * Whose sales a caller sees of his customers (a record's sale lists and totals, the activity
 * filter of the customers list, their exports): staff every agent's (`undefined`); an agent his
 * own and his downline's, never those of another agent who sold to the same customer; an agent
 * account without an agent record nobody's (no id).
 *
 * For an agent it is the ids of himself and of the agents of his downline who sold to one of his
 * own customers (the customers he can open, `clients.scope`): those are the only sales it is
 * asked about, and a list of a few ids keeps the queries cheap to plan, where his whole downline
 * (thousands of ids at the top of the network) would not. Used on other customers it would hide
 * sales, never show more.
 */
export type SaleScope = readonly number[] | undefined;

// Keyed by the principal object, which the router builds once per request: computed once per
// request, whatever the number of queries that need it.
const cache = new WeakMap<Principal, Promise<SaleScope>>();

export function saleScopeOf(db: Database, principal: Principal): Promise<SaleScope> {
  let scope = cache.get(principal);
  if (!scope) {
    scope = load(db, principal);
    cache.set(principal, scope);
  }
  return scope;
}

async function load(db: Database, principal: Principal): Promise<SaleScope> {
  const { isAgent } = await accessOf(db, principal);
  if (!isAgent) return undefined;
  const own = principal.user.agentId;
  if (own === null) return [];
  // The sellers to his customers, each walked up the sponsorship tree until the agent (then in
  // his downline) or the top; the depth bound guards against a cycle, as `isSelfOrDownline`.
  const result = await db.execute(sql`
    with recursive sellers(id) as (
      select ${own}::int
      union
      select s.agent_id from real_estate_sales s
        join customers c on c.id = s.customer_id where c.agent_id = ${own}
      union
      select s.agent_id from investment_sales s
        join customers c on c.id = s.customer_id where c.agent_id = ${own}
    ),
    up(seller, id, depth) as (
      select id, id, 0 from sellers
      union all
      select u.seller, a.sponsor_id, u.depth + 1 from up u join agents a on a.id = u.id
      where u.id <> ${own} and a.sponsor_id is not null and u.depth < 64
    )
    select distinct seller as id from up where id = ${own}`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/**
 * `agentId` (a column, or raw SQL such as `s.agent_id`) is in the scope; undefined when the
 * scope is everyone's, so nothing is added to the query.
 */
export function inSaleScope(agentId: Column | SQL, scope: SaleScope): SQL | undefined {
  return scope === undefined ? undefined : sql`${agentId} = any(${intArray(scope)})`;
}
