import { listNewsInfiniteQuery } from '@portal/api/news';
import { Alert } from '@portal/ui/alert';
import { CardGrid } from '@portal/ui/card-grid';
import { NewsCard } from '@portal/ui/news-card';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { agentPaths } from '../paths';
import { followInApp } from './client-link';
import { filtersToQuery } from './filters';
import { messages } from './messages';
import { NewsFiltersForm } from './news-filters-form';
import { newsExcerpt, newsImageUrl, type NewsItem } from './news-item';
import { useNewsFilters } from './use-news-filters';

/**
 * /news (agents): the filter form, then the displayed news as 3-column cards, 9 more loaded as
 * the user scrolls, with the 'Nouveau' marker (< 7 days) and the read state (`isRead`, which
 * `GET /news` gives agents with each item).
 */
export function AgentNewsPage() {
  const { filters, searchKey, apply } = useNewsFilters();
  const [, navigate] = useLocation();
  const list = useInfiniteQuery(listNewsInfiniteQuery(filtersToQuery(filters, 'agent')));
  const items: NewsItem[] = useMemo(
    () => list.data?.pages.flatMap((page) => page['hydra:member']) ?? [],
    [list.data],
  );

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-ink">{messages.listTitle}</h1>
      <NewsFiltersForm key={searchKey} value={filters} onApply={apply} />
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
            const href = agentPaths.newsDetail(news.id);
            return (
              <NewsCard
                title={news.title}
                date={news.date}
                imageUrl={newsImageUrl(news)}
                excerpt={newsExcerpt(news.content)}
                href={href}
                onClick={(event) => followInApp(event, href, navigate)}
                read={news.isRead}
              />
            );
          }}
        />
      )}
    </div>
  );
}
