import { is, sql, SQL, type Column, type Placeholder } from 'drizzle-orm';
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
const known = new WeakMap<Principal, SaleScope>();

export function saleScopeOf(db: Database, principal: Principal): Promise<SaleScope> {
  let scope = cache.get(principal);
  if (!scope) {
    scope = load(db, principal);
    cache.set(principal, scope);
    scope.then(
      (ids) => known.set(principal, ids),
      () => undefined,
    );
  }
  return scope;
}

/**
 * The scope for one more statement: the ids when this request already read them, otherwise the
 * query giving them, to embed (`inSaleScope`), so a page's totals cost no round trip of their
 * own for it.
 */
export async function saleScopeForStatement(
  db: Database,
  principal: Principal,
): Promise<SaleScope | SQL> {
  if (known.has(principal)) return known.get(principal);
  const { isAgent } = await accessOf(db, principal);
  if (!isAgent) return undefined;
  const own = principal.user.agentId;
  if (own === null) return [];
  const statement = saleScopeSql(own);
  agentOfStatement.set(statement, own);
  return statement;
}

/** The agent of a scope query `saleScopeForStatement` gave, to fill `SALE_SCOPE_TEMPLATE`. */
const agentOfStatement = new WeakMap<SQL, number>();

/**
 * The agent whose scope query `scope` is (`saleScopeForStatement`), if it is one: a statement
 * built once (`client-totals.ts`) embeds `SALE_SCOPE_TEMPLATE` with him as its `own`, rather
 * than render the query's text each time.
 */
export const agentOfScopeStatement = (scope: SQL): number | undefined =>
  agentOfStatement.get(scope);

async function load(db: Database, principal: Principal): Promise<SaleScope> {
  const { isAgent } = await accessOf(db, principal);
  if (!isAgent) return undefined;
  const own = principal.user.agentId;
  if (own === null) return [];
  const result = await db.execute(saleScopeSql(own));
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/**
 * The ids of the scope of agent `own`: the sellers to his customers, each walked up the
 * sponsorship tree until the agent (then in his downline) or the top; the depth bound guards
 * against a cycle, as `isSelfOrDownline`.
 */
function saleScopeSql(own: number | Placeholder): SQL {
  return sql`
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
    select distinct seller as id from up where id = ${own}`;
}

/**
 * `agentId` (a column, or raw SQL such as `s.agent_id`) is in the scope (its ids, or the query
 * giving them); undefined when the scope is everyone's, so nothing is added to the query.
 */
export function inSaleScope(agentId: Column | SQL, scope: SaleScope | SQL): SQL | undefined {
  if (scope === undefined) return undefined;
  if (is(scope, SQL)) return sql`${agentId} in (${scope})`;
  return sql`${agentId} = any(${intArray(scope)})`;
}

/** The scope query with a placeholder `own` for the agent (`agentOfScopeStatement`). */
export const SALE_SCOPE_TEMPLATE = saleScopeSql(sql.placeholder('own'));
