// Transitional: the screens not yet on ListScreen; removed once every list is moved.
import { useSession } from '@portal/auth/guard';
import {
  DATA_GRID_LABELS_FR,
  DataGrid,
  type DataGridColumn,
  type SortOrder,
} from '@portal/ui/data-grid';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useNavigateWithBack } from './back-link';
import { commonMessages } from '../common';

type Filters = Record<string, unknown>;

/**
 * The column sorted in the URL (`order[field]=dir`), or null. A page with two grids names the
 * second one's keys with a `prefix` (`direct.order[field]`, `direct.page`).
 */
export function sortOf(
  filters: Filters,
  sortable: readonly string[],
  prefix = '',
): SortOrder | null {
  for (const field of sortable) {
    const direction = filters[`${prefix}order[${field}]`];
    if (direction === 'asc' || direction === 'desc') return { field, direction };
  }
  return null;
}

/** The URL filters for a new sort: every other order cleared, back to page 1. */
export function sortFilters(sort: SortOrder | null, sortable: readonly string[], prefix = '') {
  return {
    ...Object.fromEntries(sortable.map((field) => [`${prefix}order[${field}]`, ''])),
    ...(sort ? { [`${prefix}order[${sort.field}]`]: sort.direction } : {}),
    [`${prefix}page`]: 1,
  };
}

/** The API's query: empty values left out, and the screen's default order when none is chosen. */
export function queryOf(
  filters: Filters,
  sortable: readonly string[],
  defaultOrder: SortOrder,
): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filters))
    if (value !== '' && !(key === 'page' && value === 1)) query[key] = value as string | number;
  if (!sortOf(filters, sortable)) query[`order[${defaultOrder.field}]`] = defaultOrder.direction;
  return query;
}

/**
 * A server-paged list's grid (sales, teams): its page and sort in the URL (`apply`), the
 * column choice remembered per user and list, and the French loading, error and empty states.
 * Its own module (`@portal/features/list-kit/paged-grid`): AG Grid comes only with it.
 */
export function PagedGrid<Row extends { id: number | string }>({
  label,
  columns,
  list,
  page,
  pageSize,
  sortable,
  filters,
  apply,
  storageKey,
  emptyMessage,
  totalLabel,
  prefix = '',
  pageSizes,
  title,
}: {
  label: string;
  columns: DataGridColumn<Row>[];
  list: UseQueryResult<{ 'hydra:member': Row[]; 'hydra:totalItems': number }>;
  page: number;
  pageSize: number;
  sortable: readonly string[];
  filters: Filters;
  apply: (next: Partial<Filters>) => void;
  storageKey: string;
  emptyMessage: string;
  /** The count under the grid, e.g. '42 ventes'. */
  totalLabel: (total: number) => string;
  /** Names this grid's page and sort keys when a page shows two grids. */
  prefix?: string;
  /** Page sizes offered; the choice goes to the URL as `itemsPerPage` (prefixed). */
  pageSizes?: number[];
  /** A heading over the grid, the whole being a region named after it. */
  title?: string;
}) {
  const userId = useSession()?.userId ?? 0;
  const navigate = useNavigateWithBack();
  const titleId = useId();
  const grid = (
    <DataGrid
      label={label}
      columns={columns}
      rows={list.data?.['hydra:member']}
      getRowId={(sale) => String(sale.id)}
      totalItems={list.data?.['hydra:totalItems'] ?? 0}
      page={page}
      pageSize={pageSize}
      onPageChange={(next) => apply({ [`${prefix}page`]: next })}
      pageSizes={pageSizes}
      onPageSizeChange={
        pageSizes
          ? (size) => apply({ [`${prefix}itemsPerPage`]: size, [`${prefix}page`]: 1 })
          : undefined
      }
      sort={sortOf(filters, sortable, prefix)}
      onSortChange={(sort) => apply(sortFilters(sort, sortable, prefix))}
      loading={list.isFetching}
      error={list.isError ? commonMessages.error(list.error.message) : null}
      onRetry={() => void list.refetch()}
      emptyMessage={emptyMessage}
      storageKey={`${storageKey}:${userId}`}
      onNavigate={navigate}
      labels={{ ...DATA_GRID_LABELS_FR, total: totalLabel }}
    />
  );
  if (!title) return grid;
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {grid}
    </section>
  );
}
