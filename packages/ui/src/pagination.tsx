import type { ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from './glyphs';

export type PaginationItem = number | 'ellipsis';

/**
 * Pages to show, always the same number of items so the buttons do not jump: every page
 * when they fit in `2 × siblings + 5` items, otherwise the first, the last, the current
 * one with `siblings` on each side, and an ellipsis for each gap.
 */
export function paginationRange(page: number, pageCount: number, siblings = 1): PaginationItem[] {
  if (pageCount <= 0) return [];
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const slots = 2 * siblings + 5;
  if (pageCount <= slots) return range(1, pageCount);
  const current = Math.min(Math.max(1, page), pageCount);
  const left = Math.max(current - siblings, 1);
  const right = Math.min(current + siblings, pageCount);
  const leftGap = left > 3;
  const rightGap = right < pageCount - 2;
  const edge = 3 + 2 * siblings;
  if (!leftGap) return [...range(1, edge), 'ellipsis', pageCount];
  if (!rightGap) return [1, 'ellipsis', ...range(pageCount - edge + 1, pageCount)];
  return [1, 'ellipsis', ...range(left, right), 'ellipsis', pageCount];
}

export type PaginationLabels = {
  first: string;
  previous: string;
  next: string;
  last: string;
  /** Accessible name of a numbered button, e.g. (3) => 'Page 3'. */
  page: (page: number) => string;
};

export type PaginationProps = {
  /** Current page, from 1. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the nav landmark, e.g. 'Pagination des actualités'. */
  label: string;
  labels: PaginationLabels;
  /** Total number of items; shown through `formatTotal` when both are given. */
  totalItems?: number;
  /** e.g. (n) => `${n} actualités`. */
  formatTotal?: (total: number) => ReactNode;
  /** Pages shown on each side of the current one. */
  siblings?: number;
  className?: string;
};

const itemClass =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-2 text-sm font-semibold';
const idleClass = `${itemClass} text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-muted disabled:hover:bg-transparent`;

/** Page navigation: first, previous, numbered pages with ellipses, next, last. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label,
  labels,
  totalItems,
  formatTotal,
  siblings = 1,
  className = '',
}: PaginationProps) {
  const current = Math.min(Math.max(1, page), Math.max(1, pageCount));
  const atStart = current <= 1;
  const atEnd = current >= pageCount;
  const go = (target: number) => {
    if (target !== current && target >= 1 && target <= pageCount) onPageChange(target);
  };
  const total = totalItems !== undefined && formatTotal ? formatTotal(totalItems) : null;

  return (
    <nav
      aria-label={label}
      className={`flex flex-wrap items-center justify-between gap-3 ${className}`}
    >
      {total !== null && <p className="text-sm text-muted">{total}</p>}
      {pageCount > 1 && (
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            <button type="button" className={idleClass} disabled={atStart} onClick={() => go(1)}>
              {labels.first}
            </button>
          </li>
          <li>
            <button
              type="button"
              className={idleClass}
              disabled={atStart}
              aria-label={labels.previous}
              title={labels.previous}
              onClick={() => go(current - 1)}
            >
              <ChevronLeftIcon className="size-4" />
            </button>
          </li>
          {paginationRange(current, pageCount, siblings).map((item, index) =>
            item === 'ellipsis' ? (
              <li key={`ellipsis-${index}`} aria-hidden="true" className="px-1 text-muted">
                …
              </li>
            ) : (
              <li key={item}>
                <button
                  type="button"
                  aria-label={labels.page(item)}
                  aria-current={item === current ? 'page' : undefined}
                  onClick={() => go(item)}
                  className={
                    item === current
                      ? `${itemClass} bg-brand-600 text-white`
                      : `${itemClass} text-brand-700 hover:bg-brand-50`
                  }
                >
                  {item}
                </button>
              </li>
            ),
          )}
          <li>
            <button
              type="button"
              className={idleClass}
              disabled={atEnd}
              aria-label={labels.next}
              title={labels.next}
              onClick={() => go(current + 1)}
            >
              <ChevronRightIcon className="size-4" />
            </button>
          </li>
          <li>
            <button
              type="button"
              className={idleClass}
              disabled={atEnd}
              onClick={() => go(pageCount)}
            >
              {labels.last}
            </button>
          </li>
        </ul>
      )}
    </nav>
  );
}
