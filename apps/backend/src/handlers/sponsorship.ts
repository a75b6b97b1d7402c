import { handWritten } from '../contract.js';
import { and, asc, eq } from 'drizzle-orm';
import { principalOf } from '../auth/principal.js';
import { registrationStepStates, registrationSteps } from '../db/schema.js';
import { item } from '../resources/item.js';
import { listHandler } from '../resources/handlers.js';
import {
  directRegistrations,
  registrationStepsResource,
  teamRegistrations,
} from '../resources/registrations.js';
import type { Deps, HandlerMap } from '../deps.js';

/**
 * Sponsorship tracking: the registrations a sponsor follows, the steps and one's flow; the
 * lists declared on the resource layer (`resources/registrations.ts`).
 */
export function sponsorshipHandlers({ db }: Deps): HandlerMap {
  return {
    listDirectRegistrations: listHandler(db, directRegistrations),
    listTeamRegistrations: listHandler(db, teamRegistrations),
    listRegistrationSteps: listHandler(db, registrationStepsResource),
    getRegistration: handWritten(
      'one registration with the state of each of its 13 steps, not a list row',
      async (context) => {
        const id = Number(context.params.id);
        // The team's scope first: out of it, a 404 like a missing registration.
        const report = await item(teamRegistrations, id, {
          db,
          principal: principalOf(context),
          query: {},
        });
        const states = await db
          .select({
            id: registrationSteps.id,
            label: registrationSteps.label,
            status: registrationStepStates.status,
            document: registrationStepStates.document,
            documentStatut: registrationStepStates.documentStatus,
          })
          .from(registrationSteps)
          .leftJoin(
            registrationStepStates,
            and(
              eq(registrationStepStates.stepId, registrationSteps.id),
              eq(registrationStepStates.reportId, id),
            ),
          )
          .orderBy(asc(registrationSteps.id));
        return {
          status: 200,
          body: {
            '@id': report['@id'],
            '@type': 'ReportingInscription',
            id,
            firstName: report.firstName,
            lastName: report.lastName,
            step: report.step,
            sponsorFirstName: report.sponsorFirstName,
            sponsorLastName: report.sponsorLastName,
            // A step without a recorded state is still to come.
            steps: states.map((state) => ({
              ...state,
              status: state.status ?? 'En attente',
              document: state.document ?? null,
              documentStatut: state.documentStatut ?? null,
            })),
          },
        };
      },
    ),
  };
}
