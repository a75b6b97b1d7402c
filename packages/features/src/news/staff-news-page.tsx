import { useHasComponent } from '@portal/auth';
import { ButtonLink } from '@portal/ui/button-link';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { staffPaths } from '../paths/staff';
import { followInApp } from '../common';
import { messages } from './messages';
import { NewsCardActions } from './news-card';
import { DeleteNewsDialog, DuplicateNewsDialog } from './news-dialogs';
import type { NewsItem } from './news-item';
import { NewsListPage } from './news-list-page';
import { useNewsActions } from './use-news-actions';

/**
 * /communication/news (staff): the news list for staff (displayed or not) with, for
 * `news_edit_page`, the eye toggle of `displayed`, edit, duplicate and delete.
 */
export function StaffNewsPage() {
  const [, navigate] = useLocation();
  const canEdit = useHasComponent('news_edit_page');
  const actions = useNewsActions();
  const [deleting, setDeleting] = useState<NewsItem | null>(null);
  const [duplicating, setDuplicating] = useState<NewsItem | null>(null);

  return (
    <>
      <NewsListPage
        scope="network"
        headerAction={
          canEdit && (
            <ButtonLink
              href={staffPaths.newsCreate}
              onNavigate={(event) => followInApp(event, staffPaths.newsCreate, navigate)}
            >
              {messages.create}
            </ButtonLink>
          )
        }
        cardActions={(news) =>
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
    </>
  );
}
