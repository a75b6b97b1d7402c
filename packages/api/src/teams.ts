import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components, operations } from './generated/main';
import { type DownloadedFile, getDownload } from './shared/download';
import { getQuery } from './shared/get-query';

export type TeamSalesRow = components['schemas']['TeamSalesRow'];
export type CgpYearSummary = components['schemas']['CgpYearSummary'];

export type ConsultantReference = components['schemas']['ConsultantReference'];
export type TeamSalesFilters = NonNullable<operations['listTeamSales']['parameters']['query']>;
export type TeamExportFilters = NonNullable<operations['exportTeamData']['parameters']['query']>;

/** Spec part 2 §9: sales answers are kept 30 s, the agent search 60 s. */
const SALES_STALE_MS = 30_000;

/** Key roots (`[operationId]`). */
export const teamKeys = {
  listTeamDirectSales: ['listTeamDirectSales'] as const,
  listTeamSales: ['listTeamSales'] as const,
  listTeamAgents: ['listTeamAgents'] as const,
  listTeamSponsors: ['listTeamSponsors'] as const,
  getCgpYear: ['getCgpYear'] as const,
};

/** A page of an agent's direct godchildren with their figures (10 a page). */
export const listTeamDirectSalesQuery = (filters: TeamSalesFilters) =>
  queryOptions({
    queryKey: [...teamKeys.listTeamDirectSales, filters] as const,
    queryFn: getQuery('/cgps/teams/sales/direct', { params: { query: filters } }),
    placeholderData: keepPreviousData,
    staleTime: SALES_STALE_MS,
  });

/** A page of every agent of a team with their figures (100 a page). */
export const listTeamSalesQuery = (filters: TeamSalesFilters) =>
  queryOptions({
    queryKey: [...teamKeys.listTeamSales, filters] as const,
    queryFn: getQuery('/cgps/teams/sales', { params: { query: filters } }),
    placeholderData: keepPreviousData,
    staleTime: SALES_STALE_MS,
  });

/** The team filter's agent matches for `fullName`, kept 60 s. */
export const listTeamAgentsQuery = (fullName: string) =>
  queryOptions({
    queryKey: [...teamKeys.listTeamAgents, fullName] as const,
    queryFn: async (context): Promise<ConsultantReference[]> =>
      (await getQuery('/cgps/teams/agents', { params: { query: { fullName } } })(context))[
        'hydra:member'
      ],
    staleTime: 60_000,
    gcTime: 60_000,
  });

/**
 * `GET /temp_cgps`: the team filter's sponsor matches for `fullName` (agents with at least one
 * godchild), within `fromAgent`'s team when given (a CGP id; the caller's reach otherwise),
 * the first 30, kept 60 s.
 */
export const listTeamSponsorsQuery = (fullName: string, fromAgent?: string) =>
  queryOptions({
    queryKey: [...teamKeys.listTeamSponsors, fullName, fromAgent ?? null] as const,
    queryFn: async (context): Promise<ConsultantReference[]> =>
      (
        await getQuery('/temp_cgps', {
          params: { query: { fullName, pagination: false, ...(fromAgent ? { fromAgent } : {}) } },
        })(context)
      )['hydra:member'],
    staleTime: 60_000,
    gcTime: 60_000,
  });

/** `GET /cgps/year/{year}`: [immobilier, placement] of an agent, or of his team. */
export const getCgpYearQuery = (year: number, agentId: string | undefined, team: boolean) =>
  queryOptions({
    queryKey: [...teamKeys.getCgpYear, year, agentId ?? null, team] as const,
    queryFn: async (context) =>
      (
        await getQuery('/cgps/year/{year}', {
          params: { path: { year }, query: { ...(agentId ? { agentId } : {}), team } },
        })(context)
      )['hydra:member'],
    staleTime: SALES_STALE_MS,
  });

type Progress = (receivedBytes: number) => void;

async function download(
  path:
    | '/cgps/teams/sales/export'
    | '/cgps/export/data'
    | '/cgps/export/estate'
    | '/cgps/export/investment',
  query: Record<string, string | number>,
  onProgress?: Progress,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  return getDownload(path, { params: { query } }, { onProgress, signal });
}

/** `GET /cgps/teams/sales/export`: the team table of every depth as an .xlsx. */
export const exportTeamSales = (filters: TeamSalesFilters, onProgress?: Progress) =>
  download('/cgps/teams/sales/export', filters, onProgress);
/** `GET /cgps/export/data`: the team's agents as an .xlsx. */
export const exportTeamData = (filters: TeamExportFilters, onProgress?: Progress) =>
  download('/cgps/export/data', filters, onProgress);
/** `GET /cgps/export/estate`: the team's real-estate sales as an .xlsx. */
export const exportTeamRealEstate = (filters: TeamExportFilters, onProgress?: Progress) =>
  download('/cgps/export/estate', filters, onProgress);
/** `GET /cgps/export/investment`: the team's investment sales as an .xlsx. */
export const exportTeamInvestment = (filters: TeamExportFilters, onProgress?: Progress) =>
  download('/cgps/export/investment', filters, onProgress);
