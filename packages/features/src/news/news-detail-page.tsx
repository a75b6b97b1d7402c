import { ApiError } from '@portal/api/hydra';
import { getNewsQuery, listMyNewsListsQuery, useUpdateNewsList } from '@portal/api/news';
import { Gate } from '@portal/auth';
import { Alert } from '@portal/ui/alert';
import { formatDate } from '@portal/ui/format';
import { SafeHtml } from '@portal/ui/safe-html';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { agentPaths } from '../paths';
import { staffPaths } from '../paths/staff';
import { messages } from './messages';
import { newsImageUrl, type NewsItem } from './news-item';
import type { NewsScope } from './filters';

export type NewsDetailProps = {
  /** The `id` route parameter. */
  id: string | undefined;
  /** Agents' reading of a news item marks it read; staff see its state and their actions. */
  scope: NewsScope;
  /** Staff actions (edit…), rendered under the title when the user holds `news_edit_page`. */
  actions?: (news: NewsItem) => ReactNode;
};

/** /news/{id} and /communication/news/{id}: title, date, image and the sanitised content. */
export function NewsDetail({ id, scope, actions }: NewsDetailProps) {
  const newsId = Number(id);
  const valid = Number.isInteger(newsId) && newsId > 0;
  const news = useQuery({ ...getNewsQuery(newsId), enabled: valid });
  const backHref = scope === 'mine' ? agentPaths.newsList : staffPaths.newsList;

  if (!valid || (news.isError && news.error instanceof ApiError && news.error.status === 404)) {
    return <NotFound backHref={backHref} />;
  }
  if (news.isPending) return <p role="status">{messages.loading}</p>;
  if (news.isError) return <Alert variant="error">{messages.error(news.error.message)}</Alert>;

  const item = news.data;
  const imageUrl = newsImageUrl(item);
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <Link href={backHref} className="text-sm font-semibold text-brand-700 underline">
        {messages.backToList}
      </Link>
      <header className="space-y-2">
        <h1 className="text-3xl font-semibold text-ink">{item.title}</h1>
        <p className="text-sm text-muted">
          <time dateTime={item.date}>{messages.publishedOn(formatDate(item.date))}</time>
          {scope === 'network' && ` · ${item.displayed ? messages.visible : messages.hidden}`}
        </p>
        {actions && <Gate component="news_edit_page">{actions(item)}</Gate>}
      </header>
      {imageUrl && (
        <img
          src={imageUrl}
          alt={item.imageBank?.title ?? ''}
          className="max-h-[28rem] w-full rounded-card object-cover"
        />
      )}
      <SafeHtml html={item.content} className="rounded-card bg-surface p-6 shadow-sm" />
      {scope === 'mine' && item.isRead === false && <MarkReadOnOpen newsId={item.id} />}
    </article>
  );
}

function NotFound({ backHref }: { backHref: string }) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-ink">{messages.detailTitle}</h1>
      <Alert variant="warning">{messages.notFound}</Alert>
      <Link href={backHref} className="text-sm font-semibold text-brand-700 underline">
        {messages.backToList}
      </Link>
    </div>
  );
}

/**
 * An agent who opens an unread news item has read it: its entry (found with `news.id`) is
 * marked read once.
 */
function MarkReadOnOpen({ newsId }: { newsId: number }) {
  const { mutate: markRead } = useUpdateNewsList();
  const entries = useQuery(listMyNewsListsQuery({ 'news.id': String(newsId) }));
  const done = useRef(false);
  const entry = entries.data?.['hydra:member'].find((candidate) => candidate.news.id === newsId);

  useEffect(() => {
    if (!entry || entry.isRead || done.current) return;
    done.current = true;
    markRead(entry.id);
  }, [entry, markRead]);
  return null;
}
