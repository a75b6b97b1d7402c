import { useEffect, useRef, type ReactNode } from 'react';
import { Spinner } from './spinner';

export type LoadMoreProps = {
  /** More items exist: shows the button and watches the sentinel. */
  hasMore: boolean;
  /** A page is being fetched (first page included). */
  loading: boolean;
  /** Asks for the next page: by the sentinel coming into view, or by the button. */
  onLoadMore?: () => void;
  /** How many items are shown: the sentinel is watched again after each page. */
  loaded: number;
  loadMoreLabel?: string;
  loadingLabel?: string;
  /** Shown once every page is loaded (and some item is); `null` hides it. */
  endMessage?: ReactNode;
  /** Shown when there is no item at all; `null` when the list shows its own empty state. */
  emptyMessage?: ReactNode;
};

/**
 * The end of a list that loads more: a sentinel calling `onLoadMore` as it nears the viewport,
 * a 'Charger plus' button doing the same for keyboard users and browsers without
 * IntersectionObserver, and a status line (loading, nothing, the end).
 */
export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
  loaded,
  loadMoreLabel = 'Charger plus',
  loadingLabel = 'Chargement…',
  endMessage = null,
  emptyMessage = null,
}: LoadMoreProps) {
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
  }, [canLoad, onLoadMore, loaded]);

  return (
    <>
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
        {loaded === 0 && !loading && emptyMessage}
        {!hasMore && !loading && loaded > 0 && endMessage}
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
    </>
  );
}
