import { ApiError } from '@portal/api/hydra';
import { listProfilesQuery } from '@portal/api/administration';
import { getNewsQuery, listNewsQuery, useCreateNews, useUpdateNews } from '@portal/api/news';
import { createNotification } from '@portal/api/notifications';
import { Alert } from '@portal/ui/alert';
import { showSnackbar } from '@portal/ui/snackbar';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { staffPaths } from '../paths/staff';
import { draftKey } from './draft';
import { messages } from './messages';
import { NewsForm } from './news-form';
import type { NewsItem } from './news-item';
import {
  EMPTY_NEWS_FORM,
  newsNotificationPayload,
  newsPayload,
  type NewsFormValues,
} from './schemas';

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function formValuesOf(news: NewsItem): NewsFormValues {
  return {
    title: news.title,
    date: news.date.slice(0, 10),
    content: news.content ?? '',
    image: news.imageBank ?? null,
    displayed: news.displayed,
    hasPopup: news.hasPopup,
    sliderDisplayed: news.sliderDisplayed,
    profilesToNotify: news.profilesToNotify,
    notify: false,
  };
}

/** /communication/news/create (no id) and /communication/news/{id}/edit. */
export function NewsFormPage({ id }: { id?: string }) {
  const newsId = id === undefined ? null : Number(id);
  const editing = newsId !== null;
  const validId = !editing || (Number.isInteger(newsId) && newsId > 0);
  const [, navigate] = useLocation();
  const create = useCreateNews();
  const update = useUpdateNews();
  const news = useQuery({ ...getNewsQuery(newsId ?? 0), enabled: editing && validId });
  const slider = useQuery(listNewsQuery({ sliderDisplayed: 'true', itemsPerPage: 10 }));
  const profiles = useQuery(listProfilesQuery({ type: 'Mandataire' }));
  const initial = useMemo(
    () => (news.data ? formValuesOf(news.data) : { ...EMPTY_NEWS_FORM, date: today() }),
    [news.data],
  );
  const title = editing ? messages.editTitle : messages.createTitle;

  const save = async (values: NewsFormValues) => {
    const body = newsPayload(values);
    // Resolves once the news lists and items are refetched.
    const saved =
      newsId === null
        ? await create.mutateAsync(body)
        : await update.mutateAsync({ id: newsId, body });
    showSnackbar(editing ? messages.updated : messages.created, 'success');
    if (values.notify) {
      try {
        await createNotification(newsNotificationPayload(saved, values.profilesToNotify));
      } catch (failure) {
        // The news is saved: say so, and that the notification is not.
        showSnackbar(messages.notificationFailed((failure as Error).message), 'error');
      }
    }
    navigate(staffPaths.newsDetail(saved.id));
  };

  const failed = news.error ?? slider.error ?? profiles.error;
  const notFound = !validId || (news.error instanceof ApiError && news.error.status === 404);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      {notFound ? (
        <Alert variant="warning">{messages.notFound}</Alert>
      ) : failed ? (
        <Alert variant="error">{messages.error(failed.message)}</Alert>
      ) : (editing && !news.data) || !slider.data || !profiles.data ? (
        <p role="status">{messages.loading}</p>
      ) : (
        <NewsForm
          newsId={newsId}
          initial={initial}
          sliderIds={slider.data['hydra:member'].map((item) => item.id)}
          profiles={profiles.data['hydra:member'].map((profile) => ({
            iri: profile['@id'],
            title: profile.title,
          }))}
          draftKey={draftKey(newsId)}
          onSubmit={save}
          onCancel={() =>
            navigate(newsId === null ? staffPaths.newsList : staffPaths.newsDetail(newsId))
          }
        />
      )}
    </div>
  );
}
