import { type InfiniteData, infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';

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

/**
 * Puts a saved item in place of its former self in every cached page under `queryKey` (matched
 * by `@id`), so the screen acts on what was saved before the refetch that follows lands.
 */
export function replaceInPages<TItem extends { '@id': string }>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  saved: TItem,
) {
  queryClient.setQueriesData<InfiniteData<HydraPage>>({ queryKey }, (data) =>
    data?.pages
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            'hydra:member': page['hydra:member'].map((item) =>
              (item as TItem)['@id'] === saved['@id'] ? saved : item,
            ),
          })),
        }
      : data,
  );
}
