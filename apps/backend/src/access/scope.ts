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
