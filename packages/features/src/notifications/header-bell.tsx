import { listNotificationListsQuery, useMarkBellEntriesRead } from '@portal/api/notifications';
import { useSession } from '@portal/auth';
import { showSnackbar } from '@portal/ui/snackbar';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { BELL_REFETCH_MS, type BellItem, bellItems, linkTarget, markAllIds } from './bell';
import { messages } from './messages';
import { NotificationBell } from './notification-bell';

const labels = {
  button: messages.bellButton,
  buttonWithCount: messages.bellButtonWithCount,
  title: messages.bellTitle,
  markAll: messages.bellMarkAll,
  empty: messages.bellEmpty,
  loading: messages.loading,
};

/**
 * The header bell of both apps: the signed-in user's unread, current notifications, refreshed
 * every minute. Opening one marks it read and follows its link; 'Tout marquer comme lu'
 * marks those without a link.
 */
export function HeaderNotificationBell() {
  const email = useSession()?.email ?? '';
  const [, navigate] = useLocation();
  const query = listNotificationListsQuery(email);
  const entries = useQuery({
    ...query,
    enabled: email !== '',
    refetchInterval: BELL_REFETCH_MS,
    refetchOnWindowFocus: false,
  });
  const items = useMemo(() => bellItems(entries.data?.['hydra:member'] ?? []), [entries.data]);
  // The badge counts every unread notification, not only the page loaded.
  const unreadCount = entries.data
    ? entries.data['hydra:totalItems'] - (entries.data['hydra:member'].length - items.length)
    : 0;

  // The entries leave the bell at once and come back on failure (the module's hook).
  const markRead = useMarkBellEntriesRead(email, {
    onError: (error) => showSnackbar(messages.errorPrefix + error.message, 'error'),
  });

  const onOpen = (item: BellItem) => {
    markRead.mutate([item.id]);
    const target = linkTarget(item.link, window.location.origin);
    if (target?.kind === 'internal') navigate(target.path);
    // Opened in the click itself, so the browser does not block it.
    else if (target?.kind === 'external') window.open(target.url, '_blank', 'noopener,noreferrer');
  };

  const toMark = markAllIds(items);

  if (!email) return null;
  return (
    <NotificationBell
      items={items}
      unreadCount={unreadCount}
      loading={entries.isPending}
      onOpen={onOpen}
      onMarkAll={toMark.length > 0 ? () => markRead.mutate(toMark) : undefined}
      labels={labels}
    />
  );
}
