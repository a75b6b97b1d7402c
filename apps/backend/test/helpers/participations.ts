import { inArray } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import {
  agents,
  trainingModels,
  trainingParticipations,
  trainingSessions,
  type ParticipantStatus,
} from '../../src/db/schema.js';

/**
 * Three sessions of the demo's training models and who took part: Claire (CGP0001), Julien
 * (CGP0002) and Lucas (CGP0004) of her team, Paul (CGP0003) outside it.
 */
export const SESSIONS = [
  { model: 'Fiscalité du patrimoine', city: 'Lyon', date: '2025-03-10', exercice: 2025 },
  { model: 'Convention annuelle du réseau', city: 'Paris', date: '2025-06-20', exercice: 2025 },
  { model: 'Conformité DDA', city: 'Nantes', date: '2024-02-01', exercice: 2024 },
];
export const PARTICIPATIONS: {
  cgp: string;
  session: number;
  status: ParticipantStatus;
  validated: boolean;
  inscription?: string;
}[] = [
  { cgp: 'CGP0001', session: 0, status: 'TRAINED', validated: true },
  { cgp: 'CGP0001', session: 1, status: 'HOST', validated: true },
  { cgp: 'CGP0001', session: 2, status: 'TRAINED', validated: false },
  { cgp: 'CGP0002', session: 0, status: 'TRAINED', validated: true },
  { cgp: 'CGP0002', session: 1, status: 'INVITED', validated: true, inscription: 'Annulé' },
  { cgp: 'CGP0004', session: 2, status: 'TRAINER', validated: true },
  { cgp: 'CGP0003', session: 0, status: 'TRAINED', validated: true },
  { cgp: 'CGP0003', session: 1, status: 'TRAINED', validated: false },
];

export async function insertParticipations(db: Database): Promise<void> {
  const models = await db.select().from(trainingModels);
  const sessions = await db
    .insert(trainingSessions)
    .values(
      SESSIONS.map((s) => ({
        modelId: models.find((m) => m.name === s.model)!.id,
        city: s.city,
        startDate: s.date,
        exercice: s.exercice,
      })),
    )
    .returning();
  const people = await db
    .select()
    .from(agents)
    .where(inArray(agents.cgpId, ['CGP0001', 'CGP0002', 'CGP0003', 'CGP0004']));
  await db.insert(trainingParticipations).values(
    PARTICIPATIONS.map((p) => ({
      sessionId: sessions[p.session]!.id,
      agentId: people.find((a) => a.cgpId === p.cgp)!.id,
      statusParticipant: p.status,
      statusInscription: p.inscription ?? 'Inscrit',
      validated: p.validated,
    })),
  );
}
