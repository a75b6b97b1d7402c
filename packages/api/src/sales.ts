import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { exportColumns } from './generated/columns';
import type { components, operations } from './generated/main';
import { type DownloadedFile, getDownload } from './shared/download';
import { getQuery } from './shared/get-query';

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

/** Key roots (`[operationId]`). */
/** The grids' headers, the same words as the exports' columns (the contract's `x-columns`). */
export const salesHeaders = {
  investment: exportColumns.exportVentesOrions,
  realEstate: exportColumns.exportVentesValoriciels,
  vlp: exportColumns.exportVlps,
} as const;

export const salesKeys = {
  listVentesOrions: ['listVentesOrions'] as const,
  getVentesOrionsYear: ['getVentesOrionsYear'] as const,
  getSalesRanking: ['getSalesRanking'] as const,
  listVentesValoriciels: ['listVentesValoriciels'] as const,
  getVentesValoricielsYear: ['getVentesValoricielsYear'] as const,
  listVlps: ['listVlps'] as const,
  getVlpsYear: ['getVlpsYear'] as const,
  getRealEstateTool: ['getRealEstateTool'] as const,
};

/** A page of investment sales; the previous page stays shown while the next one loads. */
export const listVentesOrionsQuery = (filters: ListVentesOrionsFilters) =>
  queryOptions({
    queryKey: [...salesKeys.listVentesOrions, filters] as const,
    queryFn: getQuery('/ventes_orions', { params: { query: filters } }),
    placeholderData: keepPreviousData,
    staleTime: SALES_STALE_MS,
  });

/** `GET /ventes_orions/year/{year}`: the exercice's investment totals. */
export const getVentesOrionsYearQuery = (year: number, cgpId?: string) =>
  queryOptions({
    queryKey: [...salesKeys.getVentesOrionsYear, year, cgpId ?? null] as const,
    queryFn: getQuery('/ventes_orions/year/{year}', {
      params: { path: { year }, query: cgpId ? { cgpId } : {} },
    }),
    staleTime: SALES_STALE_MS,
  });

/** `GET /ventes_orions/export`: the filtered investment sales as an .xlsx. */
export function exportVentesOrions(
  filters: ExportVentesOrionsFilters,
  onProgress?: (receivedBytes: number) => void,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  return getDownload(
    '/ventes_orions/export',
    { params: { query: filters } },
    { onProgress, signal },
  );
}

/** `GET /sales/ranking/{consultantId}`: 'Mes statistiques'. */
export const getSalesRankingQuery = (
  consultantId: number,
  salesType: 'both' | 'realEstate' | 'investment',
  statut: 'both' | 'finished' | 'pending',
) =>
  queryOptions({
    queryKey: [...salesKeys.getSalesRanking, consultantId, salesType, statut] as const,
    queryFn: getQuery('/sales/ranking/{consultantId}', {
      params: { path: { consultantId }, query: { salesType, statut } },
    }),
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
    queryKey: [...salesKeys.listVentesValoriciels, filters] as const,
    queryFn: getQuery('/ventes_valoriciels', { params: { query: filters } }),
    placeholderData: keepPreviousData,
    staleTime: SALES_STALE_MS,
  });

/** `GET /ventes_valoriciels/year/{year}`: the exercice's real-estate totals. */
export const getVentesValoricielsYearQuery = (year: number, cgpId?: string) =>
  queryOptions({
    queryKey: [...salesKeys.getVentesValoricielsYear, year, cgpId ?? null] as const,
    queryFn: getQuery('/ventes_valoriciels/year/{year}', {
      params: { path: { year }, query: cgpId ? { cgpId } : {} },
    }),
    staleTime: SALES_STALE_MS,
  });

/** `GET /ventes_valoriciels/export`: the filtered real-estate sales as an .xlsx. */
export function exportVentesValoriciels(
  filters: NonNullable<operations['exportVentesValoriciels']['parameters']['query']>,
  onProgress?: (receivedBytes: number) => void,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  return getDownload(
    '/ventes_valoriciels/export',
    { params: { query: filters } },
    { onProgress, signal },
  );
}

export type Vlp = components['schemas']['Vlp'];
export type ListVlpsFilters = NonNullable<operations['listVlps']['parameters']['query']>;

/** A page of VLP sales; the previous page stays shown while the next one loads. */
export const listVlpsQuery = (filters: ListVlpsFilters) =>
  queryOptions({
    queryKey: [...salesKeys.listVlps, filters] as const,
    queryFn: getQuery('/vlps', { params: { query: filters } }),
    placeholderData: keepPreviousData,
    staleTime: SALES_STALE_MS,
  });

/** `GET /vlps/year/{year}`: the exercice's VLP total. */
export const getVlpsYearQuery = (year: number, cgpId?: string) =>
  queryOptions({
    queryKey: [...salesKeys.getVlpsYear, year, cgpId ?? null] as const,
    queryFn: getQuery('/vlps/year/{year}', {
      params: { path: { year }, query: cgpId ? { cgpId } : {} },
    }),
    staleTime: SALES_STALE_MS,
  });

/** `GET /vlps/export`: the filtered VLP sales as an .xlsx. */
export function exportVlps(
  filters: NonNullable<operations['exportVlps']['parameters']['query']>,
  onProgress?: (receivedBytes: number) => void,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  return getDownload('/vlps/export', { params: { query: filters } }, { onProgress, signal });
}

/** `GET /sales/real-estate/tool`: the external real-estate tool (configuration). */
export const getRealEstateToolQuery = () =>
  queryOptions({
    queryKey: [...salesKeys.getRealEstateTool] as const,
    queryFn: getQuery('/sales/real-estate/tool'),
    staleTime: Infinity,
  });
