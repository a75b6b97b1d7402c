import { listNewsInfiniteQuery } from '@portal/api/news';
import { useHasComponent } from '@portal/auth';
import { Alert } from '@portal/ui/alert';
import { CardGrid } from '@portal/ui/card-grid';
import { NewsCard, NewsCardActions } from '@portal/ui/news-card';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { staffPaths } from '../paths';
import { followInApp } from './client-link';
import { filtersToQuery } from './filters';
import { messages } from './messages';
import { DeleteNewsDialog, DuplicateNewsDialog } from './news-dialogs';
import { NewsFiltersForm } from './news-filters-form';
import { newsExcerpt, newsImageUrl, type NewsItem } from './news-item';
import { useNewsActions } from './use-news-actions';
import { useNewsFilters } from './use-news-filters';

const buttonLink =
  'inline-flex h-10 items-center justify-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700';

/**
 * /communication/news (staff): the same filters as the agents' list, every news item (displayed
 * or not) with the eye toggle of `displayed`, edit, duplicate and delete for `news_edit_page`.
 */
export function StaffNewsPage() {
  const { filters, searchKey, apply } = useNewsFilters();
  const [, navigate] = useLocation();
  const canEdit = useHasComponent('news_edit_page');
  const list = useInfiniteQuery(listNewsInfiniteQuery(filtersToQuery(filters, 'staff')));
  const actions = useNewsActions();
  const [deleting, setDeleting] = useState<NewsItem | null>(null);
  const [duplicating, setDuplicating] = useState<NewsItem | null>(null);
  const items: NewsItem[] = useMemo(
    () => list.data?.pages.flatMap((page) => page['hydra:member']) ?? [],
    [list.data],
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold text-ink">{messages.staffListTitle}</h1>
        {canEdit && (
          <Link href={staffPaths.newsCreate} className={buttonLink}>
            {messages.create}
          </Link>
        )}
      </div>
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
            const href = staffPaths.newsDetail(news.id);
            return (
              <NewsCard
                title={news.title}
                date={news.date}
                imageUrl={newsImageUrl(news)}
                excerpt={newsExcerpt(news.content)}
                href={href}
                onClick={(event) => followInApp(event, href, navigate)}
                className={news.displayed ? '' : 'opacity-80'}
                actions={
                  canEdit && (
                    <NewsCardActions
                      itemLabel={news.title}
                      displayed={news.displayed}
                      labels={{ display: messages.toggleDisplayed }}
                      onToggleDisplayed={() => void actions.toggleDisplayed(news)}
                      onEdit={() => navigate(staffPaths.newsEdit(news.id))}
                      onDuplicate={() => setDuplicating(news)}
                      onDelete={() => setDeleting(news)}
                    />
                  )
                }
              />
            );
          }}
        />
      )}
      <DeleteNewsDialog
        news={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={actions.remove}
      />
      <DuplicateNewsDialog
        news={duplicating}
        onClose={() => setDuplicating(null)}
        onConfirm={async (news, values) => {
          await actions.duplicate(news, values);
        }}
      />
    </div>
  );
}
