import { useSession } from '@portal/auth/guard';
import { DATA_GRID_LABELS_FR, DataGrid, type DataGridColumn } from '@portal/ui/data-grid';
import { LoadMore } from '@portal/ui/load-more';
import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useId, useMemo } from 'react';
import { useNavigateWithBack } from './back-link';
import { lastPageOf, type StoredGridSpec } from './list-url';
import type { ListGrid } from './use-list-screen';
import { commonMessages, type GridTexts, TitledSection } from '../common';

/** The selected rows' actions of a grid ('Supprimer la sélection'…). */
export type BulkActions<Row> = {
  /** The row's name for its checkbox ('Sélectionner Martin Claire'). */
  rowLabel: (row: Row) => string;
  /** The bar shown while rows are selected; `clear` empties the selection. */
  render: (selectedIds: string[], clear: () => void) => ReactNode;
};

export type PagedGridProps<Row> = {
  /** The grid's URL state and handle, from `useListScreen(...).grid(spec)`; its spec names where the hidden columns are remembered. */
  grid: ListGrid<StoredGridSpec>;
  columns: DataGridColumn<Row>[];
  list: UseQueryResult<{ 'hydra:member': Row[]; 'hydra:totalItems': number }>;
  /** Its name, empty state, count and heading, usually from `gridTexts` in the messages. */
  texts: GridTexts;
  /** Actions on the selected rows; the selection is emptied when filters, sort or page change. */
  bulkActions?: BulkActions<Row>;
};

/** The grid's heading, when it has one: the whole then a region named after it. */
function GridSection({ title, children }: { title?: string; children: ReactNode }) {
  const id = useId();
  if (!title) return children;
  return (
    <TitledSection id={id} title={title} className="space-y-3">
      {children}
    </TitledSection>
  );
}

/**
 * What a list screen's grids share, paged or loaded as the user scrolls: the sort in the URL,
 * the French error (with 'Réessayer'), empty and count texts, the columns remembered per user,
 * the rows' links opening their record with the way back.
 */
function useListGridProps<Row>({
  grid,
  list,
  texts: { empty, total },
}: Pick<PagedGridProps<Row>, 'grid' | 'texts'> & {
  list: Pick<UseQueryResult<unknown>, 'isError' | 'error' | 'refetch'>;
}) {
  const userId = useSession()?.userId ?? 0;
  const navigate = useNavigateWithBack();
  return {
    sort: grid.state.sort,
    defaultSort: grid.spec.defaultSort,
    onSortChange: grid.setSort,
    error: list.isError ? commonMessages.error(list.error?.message ?? '') : null,
    onRetry: () => void list.refetch(),
    emptyMessage: typeof empty === 'string' ? empty : grid.filtered ? empty.filtered : empty.none,
    storageKey: `${grid.spec.storageKey}:${userId}`,
    onNavigate: navigate,
    // In error, no count: '0 client' would be a false answer.
    labels: { ...DATA_GRID_LABELS_FR, total: list.isError ? () => '' : total },
  };
}

/**
 * A list screen's server-paged grid: its page, size and sort in the URL (through its
 * `ListGrid`), a page beyond the last one corrected to the last one, the column choice
 * remembered per user and list, the French loading, error and empty states and the bulk-action
 * bar. Its own module (`@portal/features/list-kit/paged-grid`): AG Grid comes only with it.
 */
export function PagedGrid<Row extends { id: number | string }>(props: PagedGridProps<Row>) {
  const { grid, columns, list, bulkActions } = props;
  const { label, title } = props.texts;
  const shared = useListGridProps(props);
  const { state, spec } = grid;
  const total = list.data?.['hydra:totalItems'];
  const known = list.isSuccess && !list.isPlaceholderData && total !== undefined;
  const lastPage = known ? lastPageOf(total, state.pageSize) : state.page;
  const { setPage } = grid;
  // `?page=99999`: once the total is known, the last page, the URL corrected in place.
  useEffect(() => {
    if (state.page > lastPage) setPage(lastPage, { replace: true });
  }, [state.page, lastPage, setPage]);
  const clear = () => grid.select([]);
  return (
    <GridSection title={title}>
      <div className="space-y-3">
        {bulkActions && grid.selectedIds.length > 0 && (
          // The count is shown (and announced) once, by the grid beside its total.
          <div
            role="region"
            aria-label={commonMessages.selection(grid.selectedIds.length)}
            className="flex flex-wrap items-center gap-3 rounded-card bg-brand-50 p-3"
          >
            {bulkActions.render(grid.selectedIds, clear)}
          </div>
        )}
        <DataGrid
          label={label}
          columns={columns}
          rows={list.data?.['hydra:member']}
          getRowId={(row) => String(row.id)}
          totalItems={total ?? 0}
          page={Math.min(state.page, lastPage)}
          pageSize={state.pageSize}
          onPageChange={(page) => grid.setPage(page)}
          pageSizes={spec.pageSizes ? [...spec.pageSizes] : undefined}
          onPageSizeChange={spec.pageSizes ? grid.setPageSize : undefined}
          {...shared}
          selection={
            bulkActions && {
              selectedIds: grid.selectedIds,
              onChange: grid.select,
              rowLabel: bulkActions.rowLabel,
            }
          }
          loading={list.isFetching}
        />
      </div>
    </GridSection>
  );
}

export type InfiniteGridProps<Row> = Omit<PagedGridProps<Row>, 'list' | 'bulkActions'> & {
  /** The list page after page, from an `infiniteQueryOptions` of `grid.pagesQuery`. */
  list: UseInfiniteQueryResult<InfiniteData<{ 'hydra:member': Row[]; 'hydra:totalItems': number }>>;
  /** Under the last row once every page is loaded, e.g. 'Il n'y a plus d'actualité à afficher.' */
  endMessage: string;
  /** The button asking for the next page ('Charger plus' by default). */
  loadMoreLabel?: string;
};

/**
 * A list screen's grid that loads more as the user scrolls: the same grid, sort (in the URL),
 * column choice and states as `PagedGrid`, every loaded page shown at once; the next page comes
 * when the end of the grid nears the viewport, or with the 'Charger plus' button (keyboard
 * users, browsers without IntersectionObserver), and the end says so.
 */
export function InfiniteGrid<Row extends { id: number | string }>(props: InfiniteGridProps<Row>) {
  const { columns, list, endMessage } = props;
  const { label, title } = props.texts;
  const { loadMoreLabel = commonMessages.loadMore } = props;
  const shared = useListGridProps(props);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page['hydra:member']), [list.data]);
  const total = list.data?.pages.at(-1)?.['hydra:totalItems'] ?? 0;
  const { fetchNextPage } = list;
  // Stable: the sentinel's observer is made again only when a page comes.
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  return (
    <GridSection title={title}>
      <div className="space-y-3">
        <DataGrid
          label={label}
          columns={columns}
          rows={rows}
          getRowId={(row) => String(row.id)}
          totalItems={total}
          // Every loaded row on one page: no pagination under the grid.
          page={1}
          pageSize={Math.max(1, total, rows?.length ?? 0)}
          onPageChange={() => undefined}
          {...shared}
          loading={list.isPending}
        />
        {!list.isError && (
          <LoadMore
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoadMore={loadMore}
            loaded={rows?.length ?? 0}
            loadMoreLabel={loadMoreLabel}
            loadingLabel={commonMessages.loading}
            endMessage={endMessage}
          />
        )}
      </div>
    </GridSection>
  );
}

/**
 * A short list shown whole (a record's sales on its detail page): one page, no server sort,
 * under a heading; the same grid, labels and states as the paged lists.
 */
export function WholeListGrid<Row extends { id: number | string }>({
  title,
  label,
  rows,
  columns,
  empty,
  loading,
}: {
  /** A heading over the grid, the whole being a region named after it. */
  title?: string;
  label: string;
  rows: Row[] | undefined;
  columns: DataGridColumn<Row>[];
  empty: string;
  loading: boolean;
}) {
  return (
    <GridSection title={title}>
      <DataGrid
        label={label}
        columns={columns}
        rows={rows}
        getRowId={(row) => String(row.id)}
        totalItems={rows?.length ?? 0}
        page={1}
        pageSize={Math.max(1, rows?.length ?? 1)}
        onPageChange={() => undefined}
        sort={null}
        onSortChange={() => undefined}
        loading={loading}
        emptyMessage={empty}
        labels={DATA_GRID_LABELS_FR}
      />
    </GridSection>
  );
}
