import { listNotificationsQuery } from '@portal/api/notifications';
import { Gate } from '@portal/auth';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { formatDate } from '@portal/ui/format';
import { Pagination } from '@portal/ui/pagination';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as z from 'zod/mini';
import { paginationLabels } from '../common';
import { ListPage, urlFilter, useUrlFilters } from '../list-kit';
import { messages } from './messages';
import { type Notification, NotificationDialog } from './notification-dialog';
import { NotificationRules } from './notification-rules';

const PAGE_SIZE = 10;

/** The page in the URL, under the `GET /notifications` parameter name. */
const notificationsFiltersSchema = z.object({ page: urlFilter.page() });

/**
 * /communication/notifications: the notifications sent, 10 per page (the page number in the
 * URL), create and update in a dialog, and the rules' toggles for `activate_notifications`.
 */
export function NotificationsPage() {
  const {
    filters: { page },
    apply,
  } = useUrlFilters(notificationsFiltersSchema);
  const [editing, setEditing] = useState<{ notification: Notification | null } | null>(null);
  const list = useQuery({
    ...listNotificationsQuery({ page, itemsPerPage: PAGE_SIZE, 'order[createdAt]': 'desc' }),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.['hydra:totalItems'] ?? 0;

  return (
    <ListPage
      title={messages.pageTitle}
      action={<Button onClick={() => setEditing({ notification: null })}>{messages.create}</Button>}
    >
      {list.isPending && <p role="status">{messages.loading}</p>}
      {list.isError && <Alert variant="error">{messages.errorPrefix + list.error.message}</Alert>}
      {list.data && (
        <div className="space-y-3">
          <div className="overflow-x-auto rounded-card bg-surface shadow-sm">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">{messages.listLabel}</caption>
              <thead>
                <tr className="border-b border-slate-200">
                  {[
                    messages.title,
                    messages.description,
                    messages.link,
                    messages.createdAt,
                    messages.expireAt,
                    messages.actions,
                  ].map((header) => (
                    <th key={header} scope="col" className="px-4 py-2 font-medium">
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.data['hydra:member'].length === 0 && (
                  <tr>
                    <td colSpan={6} className="px-4 py-3 text-muted">
                      {messages.none}
                    </td>
                  </tr>
                )}
                {list.data['hydra:member'].map((notification) => (
                  <tr key={notification.id} className="border-b border-slate-100 last:border-0">
                    <td className="px-4 py-2 font-medium">{notification.title}</td>
                    <td className="max-w-xs px-4 py-2">
                      <span className="line-clamp-2">{notification.description}</span>
                    </td>
                    <td className="max-w-48 truncate px-4 py-2">{notification.urlLink}</td>
                    <td className="px-4 py-2 whitespace-nowrap">
                      {formatDate(notification.createdAt)}
                    </td>
                    <td className="px-4 py-2 whitespace-nowrap">
                      {formatDate(notification.expireAt)}
                    </td>
                    <td className="px-4 py-2">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`${messages.edit} « ${notification.title} »`}
                        onClick={() => setEditing({ notification })}
                      >
                        {messages.edit}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            label={messages.pagination}
            labels={paginationLabels}
            page={page}
            pageCount={Math.max(1, Math.ceil(total / PAGE_SIZE))}
            onPageChange={(next) => apply({ page: next })}
            totalItems={total}
            formatTotal={messages.total}
          />
        </div>
      )}
      <Gate component="activate_notifications">
        <NotificationRules />
      </Gate>
      {editing && (
        <NotificationDialog notification={editing.notification} onDone={() => setEditing(null)} />
      )}
    </ListPage>
  );
}
