import { eq, type Column, type SQL } from 'drizzle-orm';
import { accessOf } from '../access/principal-access.js';
import { ownedBy } from '../access/scope.js';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/client.js';
import { agents } from '../db/schema.js';
import { forbidden } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { isSelfOrDownline } from './downline.js';

export interface AgentOwnedScopeOptions {
  /**
   * Query parameter naming one agent by CGP id (team views). Staff may name anyone; an agent
   * only himself or his downline, otherwise 403. Without it an agent sees only his own rows.
   */
  teamParam?: string;
}

/**
 * Scope of rows owned by an agent (`column` = their agent id). Staff see every row; filters
 * such as `consultant.id` are ANDed with this, so they can narrow it but never widen it.
 */
export function agentOwnedScope(column: Column, options: AgentOwnedScopeOptions = {}) {
  return async (context: {
    db: Database;
    principal: Principal;
    query: Record<string, unknown>;
  }): Promise<SQL | undefined> => {
    const { db, principal, query } = context;
    const { isAgent } = await accessOf(db, principal);
    const ownId = principal.user.agentId;
    const requested = options.teamParam ? query[options.teamParam] : undefined;
    const cgpId = typeof requested === 'string' ? requested.trim() : '';
    if (cgpId === '') return isAgent ? ownedBy(column, ownId) : undefined;

    const [target] = await db.select({ id: agents.id }).from(agents).where(eq(agents.cgpId, cgpId));
    if (isAgent) {
      const reachable =
        target !== undefined && ownId !== null && (await isSelfOrDownline(db, ownId, target.id));
      if (!reachable) throw forbidden(messages.accessDenied);
    }
    return ownedBy(column, target?.id ?? null);
  };
}
