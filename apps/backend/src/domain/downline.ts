import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * The sponsorship tree. Agents reach their own records and, on team views, those of every
 * agent below them (the downline); nothing else.
 */

/** SQL subquery of the ids of `rootAgentId` and everyone below, for `agent_id in (...)`. */
export function selfAndDownlineSql(rootAgentId: number): SQL {
  return sql`(with recursive tree(id) as (
      select ${rootAgentId}::int
      union
      select a.id from agents a join tree t on a.sponsor_id = t.id
    ) select id from tree)`;
}

/** Ids of every agent below `rootAgentId` (not the root itself). */
export async function downlineIds(db: Database, rootAgentId: number): Promise<number[]> {
  const result = await db.execute(sql`select id from ${selfAndDownlineSql(rootAgentId)} d`);
  return rowsOf<{ id: number }>(result)
    .map((row) => Number(row.id))
    .filter((id) => id !== rootAgentId);
}

/** Whether `agentId` is `rootAgentId` or below it; walks up from `agentId`, so it stays cheap. */
export async function isSelfOrDownline(
  db: Database,
  rootAgentId: number,
  agentId: number,
): Promise<boolean> {
  if (rootAgentId === agentId) return true;
  const result = await db.execute(sql`
    with recursive up(id, sponsor_id, depth) as (
      select id, sponsor_id, 0 from agents where id = ${agentId}
      union all
      select a.id, a.sponsor_id, u.depth + 1 from agents a join up u on a.id = u.sponsor_id
      where u.depth < 64
    )
    select 1 as found from up where id = ${rootAgentId} limit 1`);
  return rowsOf(result).length > 0;
}
