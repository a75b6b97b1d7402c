import { sql, type SQL } from 'drizzle-orm';

/**
 * `'{1,2,3}'::int[]`, one literal for `= any(...)`: thousands of ids as one value, where
 * `in ($1, …, $5000)` costs a placeholder each to build, send and plan. Only safe integers get
 * in (they come from our own queries); anything else throws.
 */
export function intArray(ids: readonly number[]): SQL {
  for (const id of ids)
    if (!Number.isSafeInteger(id)) throw new Error(`not an integer id: ${String(id)}`);
  return sql.raw(`'{${ids.join(',')}}'::int[]`);
}
