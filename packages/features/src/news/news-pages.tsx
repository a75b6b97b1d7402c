import { Button } from '@portal/ui/button';
import { ButtonLink } from '@portal/ui/button-link';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { staffPaths } from '../paths/staff';
import { followInApp } from '../common';
import { messages } from './messages';
import { DeleteNewsDialog, DuplicateNewsDialog } from './news-dialogs';
import { NewsDetail } from './news-detail-page';
import { NewsFormPage } from './news-form-page';
import type { NewsItem } from './news-item';
import { useNewsActions } from './use-news-actions';

type PageProps = { params: Record<string, string | undefined> };

/** /communication/news/{id} (staff): the news and, for `news_edit_page`, its actions. */
export function StaffNewsDetailPage({ params }: PageProps) {
  const [, navigate] = useLocation();
  const actions = useNewsActions();
  const [deleting, setDeleting] = useState<NewsItem | null>(null);
  const [duplicating, setDuplicating] = useState<NewsItem | null>(null);
  return (
    <>
      <NewsDetail
        id={params.id}
        scope="network"
        actions={(news) => (
          <div className="flex flex-wrap gap-3 pt-2">
            <ButtonLink
              href={staffPaths.newsEdit(news.id)}
              size="sm"
              onNavigate={(event) => followInApp(event, staffPaths.newsEdit(news.id), navigate)}
            >
              {messages.edit}
            </ButtonLink>
            <Button
              variant="secondary"
              size="sm"
              loading={actions.toggling === news.id}
              aria-pressed={news.displayed}
              onClick={() => void actions.toggleDisplayed(news)}
            >
              {messages.toggleDisplayed}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setDuplicating(news)}>
              {messages.duplicate}
            </Button>
            <Button variant="danger" size="sm" onClick={() => setDeleting(news)}>
              {messages.delete}
            </Button>
          </div>
        )}
      />
      <DeleteNewsDialog
        news={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={async (news) => {
          await actions.remove(news);
          navigate(staffPaths.newsList);
        }}
      />
      <DuplicateNewsDialog
        news={duplicating}
        onClose={() => setDuplicating(null)}
        onConfirm={async (news, values) => {
          const copy = await actions.duplicate(news, values);
          navigate(staffPaths.newsDetail(copy.id));
        }}
      />
    </>
  );
}

/** /communication/news/create */
export function NewsCreatePage() {
  return <NewsFormPage />;
}

/** /communication/news/{id}/edit */
export function NewsEditPage({ params }: PageProps) {
  return <NewsFormPage key={params.id} id={params.id ?? ''} />;
}
