import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components, operations } from './generated/main';
import { getQuery } from './shared/get-query';

export type AnalyticsItem = components['schemas']['AnalyticsItem'];
export type AnalyticsFilters = NonNullable<operations['listAnalytics']['parameters']['query']>;

/** Key roots (`[operationId]`). */
export const analyticsKeys = {
  listAnalytics: ['listAnalytics'] as const,
};

/** Utilisateurs suivis: one page of the list. */
export const listAnalyticsQuery = (filters: AnalyticsFilters) =>
  queryOptions({
    queryKey: [...analyticsKeys.listAnalytics, filters] as const,
    queryFn: getQuery('/analytics', { params: { query: filters } }),
    placeholderData: keepPreviousData,
  });
