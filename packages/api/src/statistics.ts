import { queryOptions } from '@tanstack/react-query';
import type { components, operations } from './generated/main';
import { type DownloadedFile, getDownload } from './shared/download';
import { getQuery } from './shared/get-query';

export type StatisticsFigure = components['schemas']['StatisticsFigure'];
export type StatisticsFigures = components['schemas']['StatisticsFigures'];
export type StatisticsDashboard = components['schemas']['StatisticsDashboard'];

/** The network's statistics pages, by the last segment of their path. */
export const STATISTICS_PAGES = ['taux-uc', 'real-estate', 'investments', 'team'] as const;
export type StatisticsPageName = (typeof STATISTICS_PAGES)[number];

/** The filters of the pages: `year`, and `providerId` or `type` where the page takes them. */
export type StatisticsFilters = NonNullable<
  operations['getStatisticsTauxUc']['parameters']['query']
> &
  NonNullable<operations['getStatisticsRealEstate']['parameters']['query']>;

/** Key roots (`[operationId]`). */
export const statisticsKeys = {
  getStatistics: ['getStatistics'] as const,
  getStatisticsDashboard: ['getStatisticsDashboard'] as const,
};

const PATHS = {
  'taux-uc': '/statistics/taux-uc',
  'real-estate': '/statistics/real-estate',
  investments: '/statistics/investments',
  team: '/statistics/team',
} as const;

const EXPORT_PATHS = {
  'taux-uc': '/statistics/taux-uc/export',
  'real-estate': '/statistics/real-estate/export',
  investments: '/statistics/investments/export',
  team: '/statistics/team/export',
} as const;

/** Only the filters a page's operation takes: the others are not in its contract. */
function queryOf(page: StatisticsPageName, filters: StatisticsFilters) {
  const { year, providerId, type } = filters;
  return {
    ...(year ? { year } : {}),
    ...(providerId && (page === 'taux-uc' || page === 'investments') ? { providerId } : {}),
    ...(type && page === 'real-estate' ? { type } : {}),
  };
}

/** One page's figures (`getStatisticsTauxUc`, `getStatisticsRealEstate`, …). */
export const getStatisticsQuery = (page: StatisticsPageName, filters: StatisticsFilters) =>
  queryOptions({
    queryKey: [...statisticsKeys.getStatistics, page, queryOf(page, filters)] as const,
    queryFn: getQuery(PATHS[page], { params: { query: queryOf(page, filters) } }),
  });

export const getStatisticsDashboardQuery = () =>
  queryOptions({
    queryKey: statisticsKeys.getStatisticsDashboard,
    queryFn: getQuery('/statistics/dashboard', {}),
  });

/** A page's figures as an .xlsx, one sheet per figure. */
export function exportStatistics(
  page: StatisticsPageName,
  filters: StatisticsFilters,
  onProgress?: (receivedBytes: number) => void,
): Promise<DownloadedFile> {
  return getDownload(
    EXPORT_PATHS[page],
    { params: { query: queryOf(page, filters) } },
    { onProgress },
  );
}
