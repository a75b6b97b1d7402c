import { BellPanel } from '@portal/ui/bell-panel';
import { formatDate } from '@portal/ui/format';
import { Spinner } from '@portal/ui/spinner';

/** Spec §9: the badge caps at '99+' from 99 unread on. */
export const BADGE_CAP = 99;

/** 0 → '' (no badge), 5 → '5', 99 or more → '99+'. */
export function formatBadgeCount(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count >= BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}

export type NotificationItem = {
  id: string | number;
  title: string;
  description?: string | null;
  date?: Date | string | null;
};

export type NotificationBellLabels = {
  button: string;
  /** Accessible name of the button with unread notifications. */
  buttonWithCount: (badge: string) => string;
  title: string;
  markAll: string;
  empty: string;
  loading: string;
};

const LABELS: NotificationBellLabels = {
  button: 'Notifications',
  buttonWithCount: (badge) => `Notifications, ${badge} non lues`,
  title: 'Notifications',
  markAll: 'Tout marquer comme lu',
  empty: 'Vous n’avez aucune nouvelle notification.',
  loading: 'Chargement…',
};

export type NotificationBellProps<T extends NotificationItem> = {
  items: readonly T[];
  /** Unread count for the badge; defaults to the number of items. */
  unreadCount?: number;
  loading?: boolean;
  /** A notification was clicked (the panel closes): mark it read, follow its link. */
  onOpen: (item: T) => void;
  /** 'Tout marquer comme lu'; hidden when not given or when the list is empty. */
  onMarkAll?: () => void;
  labels?: Partial<NotificationBellLabels>;
  className?: string;
};

/**
 * Header bell with an unread badge and a panel (at most 60vh high, scrolling) listing
 * notifications. To be moved into packages/features (notifications) by the lead: it is now
 * a thin composition of the generic `BellPanel` of `@portal/ui/bell-panel`, same props.
 */
export function NotificationBell<T extends NotificationItem>({
  items,
  unreadCount = items.length,
  loading = false,
  onOpen,
  onMarkAll,
  labels,
  className = '',
}: NotificationBellProps<T>) {
  const text = { ...LABELS, ...labels };
  const badge = formatBadgeCount(unreadCount);

  return (
    <BellPanel
      buttonLabel={badge ? text.buttonWithCount(badge) : text.button}
      badge={badge}
      title={text.title}
      busy={loading}
      className={className}
      headerAction={
        onMarkAll && items.length > 0 ? (
          <button
            type="button"
            onClick={onMarkAll}
            className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {text.markAll}
          </button>
        ) : undefined
      }
    >
      {({ close, titleId }) =>
        loading ? (
          <p
            role="status"
            className="flex items-center justify-center gap-2 p-6 text-sm text-muted"
          >
            <Spinner />
            {text.loading}
          </p>
        ) : items.length === 0 ? (
          <p role="status" className="p-6 text-center text-sm text-muted">
            {text.empty}
          </p>
        ) : (
          <ul aria-labelledby={titleId} className="divide-y divide-canvas">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => {
                    onOpen(item);
                    close();
                  }}
                  className="flex w-full flex-col gap-0.5 px-4 py-3 text-left hover:bg-brand-50 focus-visible:-outline-offset-3"
                >
                  <span className="font-semibold">{item.title}</span>
                  {item.description && (
                    <span className="line-clamp-2 text-sm text-muted">{item.description}</span>
                  )}
                  {item.date && <span className="text-xs text-muted">{formatDate(item.date)}</span>}
                </button>
              </li>
            ))}
          </ul>
        )
      }
    </BellPanel>
  );
}
