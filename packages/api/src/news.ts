import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { components, operations } from './generated/main';
import { unwrap } from './hydra';
import { getQuery } from './shared/get-query';
import { hydraInfiniteQuery } from './shared/hydra-pages';
import { type MutationCallbacks, useDomainMutation } from './shared/mutation';

export type News = components['schemas']['News'];
export type NewsInput = components['schemas']['NewsInput'];
export type NewsPatch = components['schemas']['NewsPatch'];
export type NewsListEntry = components['schemas']['NewsList'];
export type ListNewsFilters = Omit<
  NonNullable<operations['listNews']['parameters']['query']>,
  'page'
>;
export type ListMyNewsListsFilters = NonNullable<
  operations['listMyNewsLists']['parameters']['query']
>;

/** Key roots (`[operationId]`): invalidating one refreshes every variant of the operation. */
export const newsKeys = {
  listNews: ['listNews'] as const,
  getNews: ['getNews'] as const,
  listMyNewsLists: ['listMyNewsLists'] as const,
};

export const listNewsQuery = (filters: ListNewsFilters) =>
  queryOptions({
    queryKey: [...newsKeys.listNews, filters] as const,
    queryFn: getQuery('/news', { params: { query: filters } }),
  });

/** `listNews` page after page, for grids that load more as the user scrolls. */
export const listNewsInfiniteQuery = (filters: ListNewsFilters) =>
  hydraInfiniteQuery([...newsKeys.listNews, 'pages', filters] as const, async (page, signal) =>
    unwrap(await api.main.GET('/news', { params: { query: { ...filters, page } }, signal })),
  );

export const getNewsQuery = (id: number) =>
  queryOptions({
    queryKey: [...newsKeys.getNews, id] as const,
    queryFn: getQuery('/news/{id}', { params: { path: { id } } }),
  });

export const listMyNewsListsQuery = (filters: ListMyNewsListsFilters = {}) =>
  queryOptions({
    queryKey: [...newsKeys.listMyNewsLists, filters] as const,
    queryFn: getQuery('/news_list/user', { params: { query: filters } }),
  });

/**
 * The unread popup news of the signed-in agent (spec §4), newest first as the backend lists
 * them; up to 100 (the popup is a reminder, not an archive).
 */
export const listPopupNewsQuery = () =>
  queryOptions({
    queryKey: [...newsKeys.listMyNewsLists, 'popup'] as const,
    queryFn: async ({ signal }) => {
      const page = unwrap(
        await api.main.GET('/news_list/user', {
          params: { query: { isRead: 'false', 'news.hasPopup': 'true', itemsPerPage: 100 } },
          signal,
        }),
      );
      return page['hydra:member']
        .filter((entry) => !entry.isRead && entry.news.hasPopup && entry.news.displayed)
        .map((entry) => ({ entryId: entry.id, news: entry.news }));
    },
    staleTime: Infinity,
  });

export async function createNews(body: NewsInput): Promise<News> {
  return unwrap(await api.main.POST('/news', { body }));
}

export async function updateNews({ id, body }: { id: number; body: NewsPatch }): Promise<News> {
  return unwrap(await api.main.PATCH('/news/{id}', { params: { path: { id } }, body }));
}

export async function deleteNews(id: number): Promise<void> {
  unwrap(await api.main.DELETE('/news/{id}', { params: { path: { id } } }));
}

/** 'Lu': `PATCH /news_lists/{id}` with the id and isRead true (spec §4). */
export async function updateNewsList(entryId: number) {
  return unwrap(
    await api.main.PATCH('/news_lists/{id}', {
      params: { path: { id: entryId } },
      body: { id: entryId, isRead: true },
    }),
  );
}

/** Clears the caller's `onLoginAgent` flag once the news popup is finished. */
export async function clearLoginAgent(): Promise<void> {
  unwrap(await api.main.POST('/me/login-agent/clear'));
}

/** The news lists and items (staff views and the agent's, the slider, the form's slider count). */
export const invalidateNews = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: newsKeys.listNews }),
    queryClient.invalidateQueries({ queryKey: newsKeys.getNews }),
  ]);

/** The user's read state: his news list entries (popup) and the `isRead` of `GET /news` cards. */
export const invalidateMyNewsLists = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: newsKeys.listMyNewsLists }),
    queryClient.invalidateQueries({ queryKey: newsKeys.listNews }),
    queryClient.invalidateQueries({ queryKey: newsKeys.getNews }),
  ]);

export const useCreateNews = (options?: MutationCallbacks<News, NewsInput>) =>
  useDomainMutation(createNews, invalidateNews, options);

export const useUpdateNews = (options?: MutationCallbacks<News, { id: number; body: NewsPatch }>) =>
  useDomainMutation(updateNews, invalidateNews, options);

/** Deleting drops the item's own cache entry, then refreshes the lists. */
export const useDeleteNews = (options?: MutationCallbacks<void, number>) =>
  useDomainMutation(
    deleteNews,
    (queryClient, _data, id) => {
      queryClient.removeQueries({ queryKey: [...newsKeys.getNews, id] });
      return invalidateNews(queryClient);
    },
    options,
  );

/** Marks a news list entry read, then refreshes the user's read state. */
export const useUpdateNewsList = (
  options?: MutationCallbacks<Awaited<ReturnType<typeof updateNewsList>>, number>,
) => useDomainMutation(updateNewsList, invalidateMyNewsLists, options);

/**
 * 'Lu' in the news popup: marks the entry read and refreshes the read state everywhere but in
 * the popup's own list, which stays as it opened while the user steps through it.
 */
export const useMarkPopupNewsRead = (
  options?: MutationCallbacks<Awaited<ReturnType<typeof updateNewsList>>, number>,
) =>
  useDomainMutation(
    updateNewsList,
    (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: newsKeys.listMyNewsLists,
          predicate: (query) => query.queryKey[1] !== 'popup',
        }),
        queryClient.invalidateQueries({ queryKey: newsKeys.listNews }),
        queryClient.invalidateQueries({ queryKey: newsKeys.getNews }),
      ]),
    options,
  );

/**
 * The popup is finished: clears the `onLoginAgent` flag, then refreshes the read state (after a
 * failure too: what was marked read stays marked).
 */
export const useClearLoginAgent = (options?: MutationCallbacks<void, void>) =>
  useDomainMutation(clearLoginAgent, invalidateMyNewsLists, options, 'settled');
