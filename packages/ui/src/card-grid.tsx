import type { Key, ReactNode } from 'react';
import { LoadMore } from './load-more';

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
  const List = semantics === 'list' ? 'ul' : 'div';
  const Item = semantics === 'list' ? 'li' : 'div';

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
      <LoadMore
        hasMore={hasMore}
        loading={loading}
        onLoadMore={onLoadMore}
        loaded={items.length}
        loadMoreLabel={loadMoreLabel}
        loadingLabel={loadingLabel}
        endMessage={endMessage}
        emptyMessage={emptyMessage}
      />
    </div>
  );
}
