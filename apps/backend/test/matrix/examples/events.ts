import { eq } from 'drizzle-orm';
import {
  agents,
  trainingModels,
  trainingParticipations,
  trainingSessions,
} from '../../../src/db/schema.js';
import type { Fixtures } from '../roles.js';
import { nothingOutOfScope } from './shared.js';
import type { Example } from './types.js';

/** A participation of the agent `cgpId` in a new session: its uuid. */
async function participationOf(fx: Fixtures, cgpId: string) {
  const { db } = fx.ctx;
  const [model] = await db
    .insert(trainingModels)
    .values({ name: `Matrice ${fx.unique()}`, category: 'FORMATION' })
    .returning();
  const [session] = await db
    .insert(trainingSessions)
    .values({ modelId: model!.id, city: 'Lyon', startDate: '2026-03-10', exercice: 2026 })
    .returning();
  const [agent] = await db.select().from(agents).where(eq(agents.cgpId, cgpId));
  const [row] = await db
    .insert(trainingParticipations)
    .values({
      sessionId: session!.id,
      agentId: agent!.id,
      statusParticipant: 'TRAINED',
      statusInscription: 'Inscrit',
    })
    .returning();
  return row!.uuid;
}

export const eventExamples: Record<string, Example> = {
  'main:getTeamEvent': {
    // Claire's downline (CGP0002): in her team and in the network.
    request: async ({ fx }) => ({ path: `/events/${await participationOf(fx, 'CGP0002')}` }),
    foreign: {
      request: async ({ fx }) => ({
        path: `/events/${await participationOf(fx, fx.foreignCgpId)}`,
      }),
      status: 404,
    },
  },
  'main:listTeamEvents': {
    request: () => ({ path: '/events/team?exercice=2026&order[ville]=asc' }),
    foreign: [
      { request: ({ fx }) => ({ path: `/events/team?cgpId=${fx.foreignCgpId}` }), status: 403 },
      {
        request: ({ fx }) => ({ path: `/events/team?bddConsultant.idCgp=${fx.foreignCgpId}` }),
        status: 200,
        check: nothingOutOfScope,
      },
    ],
  },
  'main:countTeamEvents': {
    request: () => ({ path: '/events/count?validationFormation=true' }),
    foreign: [
      { request: ({ fx }) => ({ path: `/events/count?cgpId=${fx.foreignCgpId}` }), status: 403 },
      {
        request: ({ fx }) => ({ path: `/events/count?bddConsultant.idCgp=${fx.foreignCgpId}` }),
        status: 200,
        check: nothingOutOfScope,
      },
    ],
  },
  'main:exportTeamEventCounts': {
    request: () => ({ path: '/cgps/export/events?exercice=2026' }),
    foreign: {
      request: ({ fx }) => ({ path: `/cgps/export/events?cgpId=${fx.foreignCgpId}` }),
      status: 403,
    },
  },
  'main:exportTeamEvents': {
    request: () => ({ path: '/cgps/export/eventsDetails?statut_participant=TRAINED' }),
    foreign: {
      request: ({ fx }) => ({ path: `/cgps/export/eventsDetails?cgpId=${fx.foreignCgpId}` }),
      status: 403,
    },
  },
};
