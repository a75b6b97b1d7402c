import { listNotificationsQuery } from '@portal/api/notifications';
import { Gate } from '@portal/auth';
import { Button } from '@portal/ui/button';
import type { DataGridColumn } from '@portal/ui/data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as z from 'zod/mini';
import { type StoredGridSpec, ListScreen, useListScreen } from '../list-kit';
import { PagedGrid } from '../list-kit/paged-grid';
import { messages } from './messages';
import { type Notification, NotificationDialog } from './notification-dialog';
import { NotificationRules } from './notification-rules';

/** No filter; 10 a page, the latest first (`GET /notifications` parameter names). */
const NO_FILTERS = z.object({});
const GRID: StoredGridSpec = {
  sortable: [],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  pageSize: 10,
  storageKey: 'notifications',
};

/**
 * /communication/notifications: the notifications sent, 10 per page (the page number in the
 * URL), create and update in a dialog, and the rules' toggles for `activate_notifications`.
 */
export function NotificationsPage() {
  const grid = useListScreen({ filters: NO_FILTERS, grids: [GRID] }).grid(GRID);
  const [editing, setEditing] = useState<{ notification: Notification | null } | null>(null);
  const list = useQuery({
    ...listNotificationsQuery(grid.query),
    placeholderData: keepPreviousData,
  });
  const columns: DataGridColumn<Notification>[] = [
    {
      field: 'title',
      header: messages.title,
      value: (n) => n.title,
      alwaysVisible: true,
      minWidth: 180,
      cellClass: () => 'font-medium',
    },
    {
      field: 'description',
      header: messages.description,
      value: (n) => n.description,
      minWidth: 220,
      flex: 2,
    },
    { field: 'urlLink', header: messages.link, value: (n) => n.urlLink, minWidth: 160 },
    { field: 'createdAt', header: messages.createdAt, value: (n) => n.createdAt, format: 'date' },
    { field: 'expireAt', header: messages.expireAt, value: (n) => n.expireAt, format: 'date' },
    {
      field: 'actions',
      header: messages.actions,
      value: () => '',
      alwaysVisible: true,
      render: (n) => (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`${messages.edit} « ${n.title} »`}
          onClick={() => setEditing({ notification: n })}
        >
          {messages.edit}
        </Button>
      ),
    },
  ];

  return (
    <ListScreen
      title={messages.pageTitle}
      action={<Button onClick={() => setEditing({ notification: null })}>{messages.create}</Button>}
    >
      <PagedGrid grid={grid} columns={columns} list={list} texts={messages.grid} />
      <Gate component="activate_notifications">
        <NotificationRules />
      </Gate>
      {editing && (
        <NotificationDialog notification={editing.notification} onDone={() => setEditing(null)} />
      )}
    </ListScreen>
  );
}
