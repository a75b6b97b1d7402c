import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/client.js';
import { isSelfOrDownline } from '../domain/downline.js';
import { accessOf } from './principal-access.js';

/**
 * Data scope of single-agent reads. Staff (Hubnup profiles) reach every agent; an agent
 * reaches himself and, on team views, his sponsorship downline. Path ids are checked
 * against it, never trusted. Collections use `agentOwnedScope` (domain/agent-scope.ts).
 */
export async function reachesAgent(
  db: Database,
  principal: Principal,
  agentId: number,
  options: { team: boolean },
): Promise<boolean> {
  const { isAgent } = await accessOf(db, principal);
  if (!isAgent) return true;
  const own = principal.user.agentId;
  if (own === null) return false;
  return options.team ? isSelfOrDownline(db, own, agentId) : own === agentId;
}

/** Rows of one agent (`column` = their agent id); no agent: no row. */
export const ownedBy = (column: Column, agentId: number | null): SQL =>
  agentId === null ? sql`false` : eq(column, agentId);

/**
 * The write scope of rows owned by agents (`column` = their agent id): an agent writes his own
 * rows only, staff every row (the operation's components decide which writes they reach).
 * A read scope may be wider (a sponsor reads his downline's prospects), a write scope never is
 * (ASVS 8.2.2): a row outside it is answered as missing (404), readable or not. Declared once
 * per resource as its `writeScope` (resources/types.ts).
 */
export function ownRowsScope(column: Column) {
  return async ({ db, principal }: { db: Database; principal: Principal }) =>
    (await accessOf(db, principal)).isAgent ? ownedBy(column, principal.user.agentId) : undefined;
}
