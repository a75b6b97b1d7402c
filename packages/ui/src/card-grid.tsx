import { useEffect, useRef, type Key, type ReactNode } from 'react';
import { Spinner } from './spinner';

export type CardGridProps<T> = {
  items: readonly T[];
  renderItem: (item: T, index: number) => ReactNode;
  getKey: (item: T, index: number) => Key;
  /** More items exist: shows the 'Charger plus' button and watches the end of the grid. */
  hasMore?: boolean;
  /** A page is being fetched (first page included). */
  loading?: boolean;
  /** Asks for the next page; called by the sentinel when it scrolls into view or by the button. */
  onLoadMore?: () => void;
  /** Accessible name of the grid. */
  label?: string;
  loadMoreLabel?: string;
  loadingLabel?: string;
  /** Shown when every page is loaded; `null` hides it. */
  endMessage?: ReactNode;
  /** Shown when there is no item at all. */
  emptyMessage?: ReactNode;
  /**
   * `list` (default) renders `<ul>`/`<li>`; `plain` renders `<div>`s, for grids whose cards
   * carry their own role (e.g. radios of the image picker).
   */
  semantics?: 'list' | 'plain';
  className?: string;
};

/**
 * Responsive card grid (1, 2 then 3 columns) with infinite loading: a sentinel below the
 * last card calls `onLoadMore` as it nears the viewport, and a visible 'Charger plus' button
 * does the same for keyboard users and browsers without IntersectionObserver.
 */
export function CardGrid<T>({
  items,
  renderItem,
  getKey,
  hasMore = false,
  loading = false,
  onLoadMore,
  label,
  loadMoreLabel = 'Charger plus',
  loadingLabel = 'Chargement…',
  endMessage = 'Il n’y a plus d’images à afficher.',
  emptyMessage = 'Il n’y a pas d’images pour la sélection courante.',
  semantics = 'list',
  className = '',
}: CardGridProps<T>) {
  const sentinel = useRef<HTMLDivElement>(null);
  const canLoad = hasMore && !loading && Boolean(onLoadMore);

  useEffect(() => {
    const target = sentinel.current;
    if (!canLoad || !target || typeof IntersectionObserver === 'undefined') return;
    // Re-created after each page: a sentinel still in view asks for the next page at once.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onLoadMore?.();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoad, onLoadMore, items.length]);

  const List = semantics === 'list' ? 'ul' : 'div';
  const Item = semantics === 'list' ? 'li' : 'div';
  const empty = items.length === 0 && !loading;

  return (
    <div className={`flex flex-col gap-6 ${className}`} aria-busy={loading || undefined}>
      {items.length > 0 && (
        <List aria-label={label} className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item, index) => (
            <Item key={getKey(item, index)} className="flex">
              {renderItem(item, index)}
            </Item>
          ))}
        </List>
      )}
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      <div
        role="status"
        className="flex flex-col items-center gap-3 text-center text-sm text-muted"
      >
        {loading && (
          <span className="inline-flex items-center gap-2">
            <Spinner />
            {loadingLabel}
          </span>
        )}
        {empty && <span>{emptyMessage}</span>}
        {!hasMore && !loading && items.length > 0 && endMessage}
      </div>
      {hasMore && onLoadMore && (
        <div className="flex justify-center">
          {/* aria-disabled, not disabled: the button keeps focus while the page loads. */}
          <button
            type="button"
            aria-disabled={loading || undefined}
            onClick={() => {
              if (!loading) onLoadMore();
            }}
            className="inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-surface px-4 text-sm font-semibold text-brand-700 ring-1 ring-brand-600 ring-inset hover:bg-brand-50 aria-disabled:cursor-wait aria-disabled:opacity-60"
          >
            {loadMoreLabel}
          </button>
        </div>
      )}
    </div>
  );
}
