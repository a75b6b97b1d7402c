import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components, operations } from './generated/main';
import { getQuery } from './shared/get-query';

export type StatisticsItem = components['schemas']['StatisticsItem'];
export type StatisticsFilters = NonNullable<operations['listStatistics']['parameters']['query']>;

/** Key roots (`[operationId]`). */
export const statisticsKeys = {
  listStatistics: ['listStatistics'] as const,
};

/** Statistiques: one page of the list. */
export const listStatisticsQuery = (filters: StatisticsFilters) =>
  queryOptions({
    queryKey: [...statisticsKeys.listStatistics, filters] as const,
    queryFn: getQuery('/statistics', { params: { query: filters } }),
    placeholderData: keepPreviousData,
  });
