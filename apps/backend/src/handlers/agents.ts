import { eq } from 'drizzle-orm';
import { reachesAgent } from '../access/scope.js';
import { principalOf, type Principal } from '../auth/principal.js';
import type { Handler } from '../contract.js';
import { agents } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { listHandler } from '../resources/handlers.js';
import { consultantPicker } from '../resources/pickers.js';
import type { Deps, HandlerMap } from './deps.js';

export function getCgp(deps: Deps): Handler<Principal> {
  return async (context) => {
    const principal = principalOf(context);
    const id = String(context.params.id);
    const [agent] = await deps.db.select().from(agents).where(eq(agents.cgpId, id));
    // The agent detail is a team view: an agent reads himself and his downline; anyone
    // else is answered like a missing agent.
    if (!agent || !(await reachesAgent(deps.db, principal, agent.id, { team: true }))) {
      throw notFound();
    }
    return {
      status: 200,
      body: {
        '@id': `/cgp/${encodeURIComponent(agent.cgpId)}`,
        '@type': 'Cgp',
        agent: { idCgp: agent.cgpId, firstname: agent.firstname, lastname: agent.lastname },
      },
    };
  };
}

/** Agent details (team view) and the agent picker. */
export function agentHandlers(deps: Deps): HandlerMap {
  return {
    getCgp: getCgp(deps),
    listConsultantReferences: listHandler(deps.db, consultantPicker),
  };
}
