import { api } from '@portal/api/client';
import { unwrap } from '@portal/api/hydra';
import { queryOptions } from '@tanstack/react-query';
import type { NewsListEntry } from './news-item';

/** Query-key roots of the news operations, to invalidate every variant at once. */
export const newsQueryRoots = {
  news: ['listNews'] as const,
  newsItem: ['getNews'] as const,
  userNews: ['listMyNewsLists'] as const,
};

/**
 * The unread popup news of the signed-in agent (spec §4), newest first as the backend lists
 * them; up to 100 (the popup is a reminder, not an archive).
 */
export const listPopupNewsQuery = () =>
  queryOptions({
    queryKey: [...newsQueryRoots.userNews, 'popup'] as const,
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

/**
 * Every entry of the user's news list (read state of each displayed news item), 100 per call.
 * The list pages of /news show the unread marker from it.
 */
export const listAllMyNewsListsQuery = () =>
  queryOptions({
    queryKey: [...newsQueryRoots.userNews, 'all'] as const,
    queryFn: async ({ signal }) => {
      const entries: NewsListEntry[] = [];
      for (let page = 1; page <= 20; page += 1) {
        const result = unwrap(
          await api.main.GET('/news_list/user', {
            params: { query: { page, itemsPerPage: 100 } },
            signal,
          }),
        );
        entries.push(...result['hydra:member']);
        if (!result['hydra:view']?.['hydra:next']) break;
      }
      return entries;
    },
  });
