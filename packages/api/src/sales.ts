import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { components, operations } from './generated/main';
import { unwrap } from './hydra';
import { readDownload, type DownloadedFile } from './shared/download';

export type VenteOrion = components['schemas']['VenteOrion'];
export type InvestmentSummary = components['schemas']['InvestmentSummary'];
export type SalesRanking = components['schemas']['SalesRanking'];
export type ListVentesOrionsFilters = NonNullable<
  operations['listVentesOrions']['parameters']['query']
>;
export type ExportVentesOrionsFilters = NonNullable<
  operations['exportVentesOrions']['parameters']['query']
>;

/** Spec part 2 §9: sales answers are kept 30 s. */
const SALES_STALE_MS = 30_000;

/** A page of investment sales; the previous page stays shown while the next one loads. */
export const listVentesOrionsQuery = (filters: ListVentesOrionsFilters) =>
  queryOptions({
    queryKey: ['listVentesOrions', filters] as const,
    queryFn: async ({ signal }) =>
      unwrap(await api.main.GET('/ventes_orions', { params: { query: filters }, signal })),
    placeholderData: keepPreviousData,
    staleTime: SALES_STALE_MS,
  });

/** `GET /ventes_orions/year/{year}`: the exercice's investment totals. */
export const getVentesOrionsYearQuery = (year: number, cgpId?: string) =>
  queryOptions({
    queryKey: ['getVentesOrionsYear', year, cgpId ?? null] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.main.GET('/ventes_orions/year/{year}', {
          params: { path: { year }, query: cgpId ? { cgpId } : {} },
          signal,
        }),
      ),
    staleTime: SALES_STALE_MS,
  });

/** `GET /ventes_orions/export`: the filtered investment sales as an .xlsx. */
export async function exportVentesOrions(
  filters: ExportVentesOrionsFilters,
  onProgress?: (receivedBytes: number) => void,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  const { response } = await api.main.GET('/ventes_orions/export', {
    params: { query: filters },
    parseAs: 'stream',
    signal,
  });
  return readDownload(response, onProgress);
}

/** `GET /sales/ranking/{consultantId}`: 'Mes statistiques'. */
export const getSalesRankingQuery = (
  consultantId: number,
  salesType: 'both' | 'realEstate' | 'investment',
  statut: 'both' | 'finished' | 'pending',
) =>
  queryOptions({
    queryKey: ['getSalesRanking', consultantId, salesType, statut] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.main.GET('/sales/ranking/{consultantId}', {
          params: { path: { consultantId }, query: { salesType, statut } },
          signal,
        }),
      ),
    staleTime: SALES_STALE_MS,
  });

export type VenteValoriciel = components['schemas']['VenteValoriciel'];
export type RealEstateSummary = components['schemas']['RealEstateSummary'];
export type ListVentesValoricielsFilters = NonNullable<
  operations['listVentesValoriciels']['parameters']['query']
>;

/** A page of real-estate sales; the previous page stays shown while the next one loads. */
export const listVentesValoricielsQuery = (filters: ListVentesValoricielsFilters) =>
  queryOptions({
    queryKey: ['listVentesValoriciels', filters] as const,
    queryFn: async ({ signal }) =>
      unwrap(await api.main.GET('/ventes_valoriciels', { params: { query: filters }, signal })),
    placeholderData: keepPreviousData,
    staleTime: SALES_STALE_MS,
  });

/** `GET /ventes_valoriciels/year/{year}`: the exercice's real-estate totals. */
export const getVentesValoricielsYearQuery = (year: number, cgpId?: string) =>
  queryOptions({
    queryKey: ['getVentesValoricielsYear', year, cgpId ?? null] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.main.GET('/ventes_valoriciels/year/{year}', {
          params: { path: { year }, query: cgpId ? { cgpId } : {} },
          signal,
        }),
      ),
    staleTime: SALES_STALE_MS,
  });

/** `GET /ventes_valoriciels/export`: the filtered real-estate sales as an .xlsx. */
export async function exportVentesValoriciels(
  filters: NonNullable<operations['exportVentesValoriciels']['parameters']['query']>,
  onProgress?: (receivedBytes: number) => void,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  const { response } = await api.main.GET('/ventes_valoriciels/export', {
    params: { query: filters },
    parseAs: 'stream',
    signal,
  });
  return readDownload(response, onProgress);
}

export type Vlp = components['schemas']['Vlp'];
export type ListVlpsFilters = NonNullable<operations['listVlps']['parameters']['query']>;

/** A page of VLP sales; the previous page stays shown while the next one loads. */
export const listVlpsQuery = (filters: ListVlpsFilters) =>
  queryOptions({
    queryKey: ['listVlps', filters] as const,
    queryFn: async ({ signal }) =>
      unwrap(await api.main.GET('/vlps', { params: { query: filters }, signal })),
    placeholderData: keepPreviousData,
    staleTime: SALES_STALE_MS,
  });

/** `GET /vlps/year/{year}`: the exercice's VLP total. */
export const getVlpsYearQuery = (year: number, cgpId?: string) =>
  queryOptions({
    queryKey: ['getVlpsYear', year, cgpId ?? null] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.main.GET('/vlps/year/{year}', {
          params: { path: { year }, query: cgpId ? { cgpId } : {} },
          signal,
        }),
      ),
    staleTime: SALES_STALE_MS,
  });

/** `GET /vlps/export`: the filtered VLP sales as an .xlsx. */
export async function exportVlps(
  filters: NonNullable<operations['exportVlps']['parameters']['query']>,
  onProgress?: (receivedBytes: number) => void,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  const { response } = await api.main.GET('/vlps/export', {
    params: { query: filters },
    parseAs: 'stream',
    signal,
  });
  return readDownload(response, onProgress);
}

/** `GET /sales/real-estate/tool`: the external real-estate tool (configuration). */
export const getRealEstateToolQuery = () =>
  queryOptions({
    queryKey: ['getRealEstateTool'] as const,
    queryFn: async ({ signal }) =>
      unwrap(await api.main.GET('/sales/real-estate/tool', { signal })),
    staleTime: Infinity,
  });
