import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';

/** A table of per-user read states: the item, its reader, whether he has read it. */
export interface ReadStates {
  item: PgColumn;
  user: PgColumn;
  read: PgColumn;
}

/**
 * The ids among `ids` that `userId` has read, in one indexed query (none for no ids): what an
 * `expand` marks on the rows of a page (news read, library files opened).
 */
export async function readBy(
  db: Database,
  userId: number,
  states: ReadStates,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await db
    .select({ id: states.item })
    .from(states.item.table)
    .where(and(eq(states.user, userId), eq(states.read, true), inArray(states.item, ids)));
  return new Set(found.map((row) => row.id as number));
}
