import { eq } from 'drizzle-orm';
import { principalOf, type Principal } from '../auth/principal.js';
import type { Handler } from '../contract.js';
import { agents, profiles } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import type { Deps } from './deps.js';

export function getCgp(deps: Deps): Handler<Principal> {
  return async (context) => {
    const { user } = principalOf(context);
    const id = String(context.params.id);
    const [agent] = await deps.db.select().from(agents).where(eq(agents.cgpId, id));
    const [profile] = await deps.db
      .select({ type: profiles.type })
      .from(profiles)
      .where(eq(profiles.id, user.profileId));
    // Agents only see themselves; another agent is answered like a missing one.
    const visible = agent && (profile?.type === 'Hubnup' || agent.id === user.agentId);
    if (!visible) throw notFound();
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
