import { infiniteQueryOptions } from '@tanstack/react-query';

/** The part of a Hydra collection page the paging needs. */
export interface HydraPage {
  'hydra:member': readonly unknown[];
  'hydra:totalItems': number;
}

/**
 * The page after `pageParam`, or undefined once every item is loaded (or the last page came
 * back empty, so a total that moved under us never loops).
 */
export function nextHydraPage(
  last: HydraPage,
  pages: readonly HydraPage[],
  pageParam: number,
): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page['hydra:member'].length, 0);
  return last['hydra:member'].length > 0 && loaded < last['hydra:totalItems']
    ? pageParam + 1
    : undefined;
}

/**
 * The one infinite-list helper: a Hydra collection page after page (`page` from 1), for
 * grids that load more as the user scrolls. Its key is `[operationId, 'pages', filters]`,
 * so invalidating `[operationId]` refreshes it with the plain list queries.
 */
export function hydraInfiniteQuery<
  TPage extends HydraPage,
  const TKey extends readonly [string, 'pages', unknown],
>(queryKey: TKey, fetchPage: (page: number, signal: AbortSignal) => Promise<TPage>) {
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    getNextPageParam: (last: TPage, pages: TPage[], pageParam: number) =>
      nextHydraPage(last, pages, pageParam),
  });
}
