import { api } from '@portal/api/client';
import { unwrap } from '@portal/api/hydra';
import { queryOptions } from '@tanstack/react-query';

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
