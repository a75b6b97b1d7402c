import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components, operations } from './generated/main';
import { getQuery } from './shared/get-query';

export type RegistrationRow = components['schemas']['RegistrationReportRow'];
export type RegistrationDetail = components['schemas']['RegistrationDetail'];
export type RegistrationStep = components['schemas']['RegistrationStep'];
export type RegistrationFilters = NonNullable<
  operations['listTeamRegistrations']['parameters']['query']
>;

/** Key roots (`[operationId]`). */
export const sponsorshipKeys = {
  listDirectRegistrations: ['listDirectRegistrations'] as const,
  listTeamRegistrations: ['listTeamRegistrations'] as const,
  listRegistrationSteps: ['listRegistrationSteps'] as const,
  getRegistration: ['getRegistration'] as const,
};

/** 'Mes filleuls directs': the registrations the caller sponsors himself. */
export const listDirectRegistrationsQuery = (filters: RegistrationFilters) =>
  queryOptions({
    queryKey: [...sponsorshipKeys.listDirectRegistrations, filters] as const,
    queryFn: getQuery('/reporting_inscriptions', { params: { query: filters } }),
    placeholderData: keepPreviousData,
  });

/** 'Toutes mes équipes': the registrations of the caller's whole team. */
export const listTeamRegistrationsQuery = (filters: RegistrationFilters) =>
  queryOptions({
    queryKey: [...sponsorshipKeys.listTeamRegistrations, filters] as const,
    queryFn: getQuery('/reporting_inscriptions/consultants', { params: { query: filters } }),
    placeholderData: keepPreviousData,
  });

/** The 13 steps (the step filter); they do not change during a visit. */
export const listRegistrationStepsQuery = () =>
  queryOptions({
    queryKey: [...sponsorshipKeys.listRegistrationSteps] as const,
    queryFn: async (context) =>
      (await getQuery('/reporting_inscriptions/steps')(context))['hydra:member'],
    staleTime: Infinity,
  });

/** One registration with the state of each step (the flow diagram). */
export const getRegistrationQuery = (id: number) =>
  queryOptions({
    queryKey: [...sponsorshipKeys.getRegistration, id] as const,
    queryFn: getQuery('/reporting_inscriptions/{id}', { params: { path: { id } } }),
  });
