import { useSession } from '@portal/auth/guard';
import {
  DATA_GRID_LABELS_FR,
  DataGrid,
  type DataGridColumn,
  type SortOrder,
} from '@portal/ui/data-grid';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigateWithBack } from '../list-kit';
import { messages } from './messages';

type Filters = Record<string, unknown> & { page: number };

/** The column sorted in the URL (`order[field]=dir`), or null. */
export function sortOf(filters: Filters, sortable: readonly string[]): SortOrder | null {
  for (const field of sortable) {
    const direction = filters[`order[${field}]`];
    if (direction === 'asc' || direction === 'desc') return { field, direction };
  }
  return null;
}

/** The URL filters for a new sort: every other order cleared, back to page 1. */
export function sortFilters(sort: SortOrder | null, sortable: readonly string[]) {
  return {
    ...Object.fromEntries(sortable.map((field) => [`order[${field}]`, ''])),
    ...(sort ? { [`order[${sort.field}]`]: sort.direction } : {}),
    page: 1,
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
 * The server-paged grid of a sales list: its page and sort in the URL (`apply`), the column
 * choice remembered per user and list, and the French loading, error and empty states.
 */
export function SalesGrid<Row extends { id: number }>({
  label,
  columns,
  list,
  page,
  pageSize,
  sortable,
  filters,
  apply,
  storageKey,
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
}) {
  const userId = useSession()?.userId ?? 0;
  const navigate = useNavigateWithBack();
  return (
    <DataGrid
      label={label}
      columns={columns}
      rows={list.data?.['hydra:member']}
      getRowId={(sale) => String(sale.id)}
      totalItems={list.data?.['hydra:totalItems'] ?? 0}
      page={page}
      pageSize={pageSize}
      onPageChange={(next) => apply({ page: next })}
      sort={sortOf(filters, sortable)}
      onSortChange={(sort) => apply(sortFilters(sort, sortable))}
      loading={list.isFetching}
      error={list.isError ? messages.error(list.error.message) : null}
      onRetry={() => void list.refetch()}
      emptyMessage={messages.empty}
      storageKey={`${storageKey}:${userId}`}
      onNavigate={navigate}
      labels={{ ...DATA_GRID_LABELS_FR, total: messages.totalSales }}
    />
  );
}
