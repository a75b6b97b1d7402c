import { queryOptions } from '@tanstack/react-query';
import type { components } from './generated/main';
import { getQuery } from './shared/get-query';

export type ConsultantReference = components['schemas']['ConsultantReference'];

/** Key roots (`[operationId]`). */
export const agentKeys = {
  listConsultantReferences: ['listConsultantReferences'] as const,
};

/** The agent picker's matches for `fullName`, kept 60 s (spec part 2 §9). */
export const listConsultantReferencesQuery = (fullName: string) =>
  queryOptions({
    queryKey: [...agentKeys.listConsultantReferences, fullName] as const,
    queryFn: async (context): Promise<ConsultantReference[]> =>
      (
        await getQuery('/consultants', { params: { query: { fullName, pagination: false } } })(
          context,
        )
      )['hydra:member'],
    staleTime: 60_000,
    gcTime: 60_000,
  });

/** One agent reference by CGP id (a filter's label after a reload); null when out of reach. */
export const getConsultantReferenceQuery = (idCgp: string) =>
  queryOptions({
    queryKey: [...agentKeys.listConsultantReferences, { idCgp }] as const,
    queryFn: async (context): Promise<ConsultantReference | null> =>
      (await getQuery('/consultants', { params: { query: { idCgp } } })(context))[
        'hydra:member'
      ][0] ?? null,
    staleTime: 60_000,
  });
