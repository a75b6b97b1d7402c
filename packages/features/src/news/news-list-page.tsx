import { listNewsInfiniteQuery } from '@portal/api/news';
import { Alert } from '@portal/ui/alert';
import { CardGrid } from '@portal/ui/card-grid';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useLocation } from 'wouter';
import { ListScreen, useListScreen } from '../list-kit';
import { agentPaths } from '../paths';
import { staffPaths } from '../paths/staff';
import { followInApp } from '../common';
import { filtersToQuery, type NewsScope, newsFiltersSchema } from './filters';
import { messages } from './messages';
import { NewsCard } from './news-card';
import { NewsFiltersForm } from './news-filters-form';
import { newsExcerpt, newsImageUrl, type NewsItem } from './news-item';

export type NewsListPageProps = {
  /** Agents see displayed news with their read state; staff see every news item. */
  scope: NewsScope;
  /** Beside the title, e.g. the staff's 'Créer une actualité'. */
  headerAction?: ReactNode;
  /** Actions of a card (staff: eye toggle, edit, duplicate, delete). */
  cardActions?: (news: NewsItem) => ReactNode;
};

/** The news come as cards, not in a grid: the URL holds the filters only. */
const NO_GRIDS = [] as const;

/**
 * The news list of both apps, on the list recipe: the filter form (in the URL), then the news
 * as 3-column cards, 9 more loaded as the user scrolls, with the 'Nouveau' marker (< 7 days);
 * agents also get the read state (`isRead`, which `GET /news` gives with each item).
 */
export function NewsListPage({ scope, headerAction, cardActions }: NewsListPageProps) {
  const screen = useListScreen({ filters: newsFiltersSchema, grids: NO_GRIDS });
  const [, navigate] = useLocation();
  const list = useInfiniteQuery(listNewsInfiniteQuery(filtersToQuery(screen.filters, scope)));
  const items: NewsItem[] = useMemo(
    () => list.data?.pages.flatMap((page) => page['hydra:member']) ?? [],
    [list.data],
  );
  const detail = scope === 'mine' ? agentPaths.newsDetail : staffPaths.newsDetail;

  return (
    <ListScreen
      title={messages.listTitle}
      action={headerAction}
      filters={<NewsFiltersForm list={screen} />}
    >
      {list.isError ? (
        <Alert variant="error">{messages.error(list.error.message)}</Alert>
      ) : (
        <CardGrid
          label={messages.newsGrid}
          items={items}
          getKey={(news) => news.id}
          hasMore={list.hasNextPage}
          loading={list.isPending || list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          loadMoreLabel={messages.loadMore}
          loadingLabel={messages.loading}
          emptyMessage={messages.empty}
          endMessage={messages.end}
          renderItem={(news) => {
            const href = detail(news.id);
            return (
              <NewsCard
                title={news.title}
                date={news.date}
                imageUrl={newsImageUrl(news)}
                excerpt={newsExcerpt(news.content)}
                href={href}
                onClick={(event) => followInApp(event, href, navigate)}
                read={scope === 'mine' ? news.isRead : undefined}
                hidden={scope === 'network' && !news.displayed}
                hiddenLabel={messages.hidden}
                actions={cardActions?.(news)}
              />
            );
          }}
        />
      )}
    </ListScreen>
  );
}
