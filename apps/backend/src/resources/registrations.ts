import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { accessOf } from '../access/principal-access.js';
import {
  agents,
  registrationReports,
  registrationStepStates,
  registrationSteps,
  type DocumentStatus,
  type StepStatus,
} from '../db/schema.js';
import { selfAndDownlineSql } from '../domain/downline.js';
import { paged, readWhole } from './pagination.js';
import { fullNameFilter } from './pickers.js';
import type { RequestContext, ResourceSpec } from './types.js';
import { withJsonLdIdentity } from './iris.js';

const sponsor = alias(agents, 'sponsor');
const current = alias(registrationStepStates, 'current_state');

const fields = {
  id: registrationReports.id,
  firstName: registrationReports.firstName,
  lastName: registrationReports.lastName,
  sponsorId: registrationReports.sponsorId,
  stepId: registrationReports.currentStepId,
  stepName: registrationSteps.label,
  sponsor: { firstname: sponsor.firstname, lastname: sponsor.lastname },
  state: {
    status: current.status,
    document: current.document,
    documentStatus: current.documentStatus,
  },
};

export type RegistrationRow = {
  id: number;
  firstName: string;
  lastName: string;
  sponsorId: number | null;
  stepId: number;
  stepName: string;
  sponsor: { firstname: string; lastname: string } | null;
  state: {
    status: StepStatus;
    document: string | null;
    documentStatus: DocumentStatus | null;
  } | null;
};

/**
 * Whose registrations the caller sees: an agent those he sponsors himself (`direct`) or that
 * anyone of his downline sponsors (`team`); staff every one.
 */
function sponsorScope(reach: 'direct' | 'team') {
  return async ({ db, principal }: RequestContext): Promise<SQL | undefined> => {
    const { isAgent } = await accessOf(db, principal);
    if (!isAgent) return undefined;
    const own = principal.user.agentId;
    if (own === null) return sql`false`;
    return reach === 'direct'
      ? eq(registrationReports.sponsorId, own)
      : sql`${registrationReports.sponsorId} in ${selfAndDownlineSql(own)}`;
  };
}

function registrationResource(
  path: string,
  reach: 'direct' | 'team',
): ResourceSpec<typeof fields, RegistrationRow> {
  return {
    path,
    type: 'ReportingInscription',
    table: registrationReports,
    id: registrationReports.id,
    fields,
    joins: {
      step: (q) =>
        q.innerJoin(registrationSteps, eq(registrationSteps.id, registrationReports.currentStepId)),
      sponsor: (q) => q.leftJoin(sponsor, eq(sponsor.id, registrationReports.sponsorId)),
      state: (q) =>
        q.leftJoin(
          current,
          and(
            eq(current.reportId, registrationReports.id),
            eq(current.stepId, registrationReports.currentStepId),
          ),
        ),
    },
    filters: [
      { kind: 'partial', param: 'lastName', expr: registrationReports.lastName },
      { kind: 'partial', param: 'firstName', expr: registrationReports.firstName },
      {
        kind: 'custom',
        param: 'sponsor',
        joins: ['sponsor'],
        apply: fullNameFilter(sql`lower(${sponsor.lastname})`, sql`lower(${sponsor.firstname})`),
      },
      {
        kind: 'exact',
        param: 'step',
        expr: registrationReports.currentStepId,
        valueType: 'integer',
      },
    ],
    orders: {
      lastName: registrationReports.lastName,
      firstName: registrationReports.firstName,
      sponsor: { expr: sponsor.lastname, joins: ['sponsor'] },
      step: registrationReports.currentStepId,
    },
    defaultOrder: [
      ['lastName', 'asc'],
      ['firstName', 'asc'],
    ],
    pagination: paged(10),
    scope: sponsorScope(reach),
    serialize: (row) =>
      withJsonLdIdentity('/reporting_inscriptions', 'ReportingInscription', row.id, {
        firstName: row.firstName,
        lastName: row.lastName,
        step: row.stepId,
        stepName: row.stepName,
        stepStatus: row.state?.status ?? 'En attente',
        document: row.state?.document ?? null,
        documentStatut: row.state?.documentStatus ?? null,
        sponsorId: row.sponsorId,
        sponsorFirstName: row.sponsor?.firstname ?? null,
        sponsorLastName: row.sponsor?.lastname ?? null,
      }),
  };
}

/** `GET /reporting_inscriptions`: the registrations the caller sponsors himself. */
export const directRegistrations = registrationResource('/reporting_inscriptions', 'direct');
/** `GET /reporting_inscriptions/consultants`: those of his whole team. */
export const teamRegistrations = registrationResource(
  '/reporting_inscriptions/consultants',
  'team',
);

/**
 * `GET /reporting_inscriptions/steps`: the 13 steps in order, whole, as the bare collection it always
 * answered (`@type`, members, total).
 */
export const registrationStepsResource: ResourceSpec<
  { id: typeof registrationSteps.id; label: typeof registrationSteps.label },
  { id: number; label: string }
> = {
  path: '/reporting_inscriptions/steps',
  type: 'RegistrationStep',
  jsonLdContext: null,
  table: registrationSteps,
  id: registrationSteps.id,
  fields: { id: registrationSteps.id, label: registrationSteps.label },
  ...readWhole,
  serialize: (step) => ({ id: step.id, label: step.label }),
};
