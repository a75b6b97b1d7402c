import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import {
  agents,
  registrationReports,
  registrationStepStates,
  registrationSteps,
} from '../../src/db/schema.js';

export const STEP_LABELS = Array.from({ length: 13 }, (_, i) => `Étape ${i + 1}`);

/**
 * A registration followed by the agent `sponsorCgp`, at `step` (13: done): the steps before it
 * done, it under way, the rest to come; the steps 5 to 9 carry a document.
 */
export async function insertRegistration(
  db: Database,
  person: { firstName: string; lastName: string; sponsorCgp: string; step: number },
): Promise<number> {
  await db
    .insert(registrationSteps)
    .values(STEP_LABELS.map((label, i) => ({ id: i + 1, label })))
    .onConflictDoNothing();
  const [sponsor] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(eq(agents.cgpId, person.sponsorCgp));
  const [report] = await db
    .insert(registrationReports)
    .values({
      firstName: person.firstName,
      lastName: person.lastName,
      sponsorId: sponsor!.id,
      currentStepId: person.step,
    })
    .returning({ id: registrationReports.id });
  await db.insert(registrationStepStates).values(
    STEP_LABELS.map((_, i) => {
      const step = i + 1;
      const status =
        step < person.step || person.step === 13
          ? ('Terminé' as const)
          : step === person.step
            ? ('En cours' as const)
            : ('En attente' as const);
      const withDocument = step >= 5 && step <= 9;
      return {
        reportId: report!.id,
        stepId: step,
        status,
        document: withDocument ? `Pièce ${step}` : null,
        documentStatus: withDocument
          ? status === 'Terminé'
            ? ('Validé' as const)
            : ('manquant' as const)
          : null,
      };
    }),
  );
  return report!.id;
}
