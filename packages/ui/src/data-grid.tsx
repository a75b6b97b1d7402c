import { AG_GRID_LOCALE_FR } from '@ag-grid-community/locale';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  type ColDef,
  type ICellRendererParams,
  LocaleModule,
  ModuleRegistry,
  RowAutoHeightModule,
  type SortChangedEvent,
  type SortDirection,
  themeQuartz,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { type MouseEvent, type ReactNode, useMemo, useState } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Checkbox } from './checkbox';
import { formatDate, formatEuro, formatPercent } from './format';
import { Pagination, type PaginationLabels } from './pagination';
import { SelectField } from './select-field';

// Only what the grid uses, not AllCommunityModule: the chunk stays as small as AG Grid allows.
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  // getColumnState, to read the sort the user chose.
  ColumnApiModule,
  LocaleModule,
  CellStyleModule,
  RowAutoHeightModule,
]);

export type CellFormat = 'text' | 'euros' | 'date' | 'percent' | 'integer';
export type SortOrder = { field: string; direction: 'asc' | 'desc' };

export type DataGridColumn<Row> = {
  /** Stable id; also the key sent as `order[field]` when the column is sortable. */
  field: string;
  header: string;
  value: (row: Row) => string | number | null | undefined;
  format?: CellFormat;
  sortable?: boolean;
  /** A link cell: the app URL of the row, or null for no link. */
  href?: (row: Row) => string | null;
  /** Custom content (badges…); the text of `value` stays what is sorted and exported. */
  render?: (row: Row) => ReactNode;
  /** Class of the cell from its row, e.g. negative amounts in red. */
  cellClass?: (row: Row) => string | undefined;
  /** Hidden until the user shows it with the column chooser. */
  hiddenByDefault?: boolean;
  /** Always shown: the chooser does not list it. */
  alwaysVisible?: boolean;
  minWidth?: number;
  flex?: number;
};

export type DataGridLabels = {
  pagination: PaginationLabels;
  /** Name of the pagination landmark from the grid's label. */
  paginationOf: (gridLabel: string) => string;
  pageSize: string;
  /** e.g. (n) => `${n} clients`. */
  total: (total: number) => string;
  columns: string;
  columnsLegend: string;
  loading: string;
  retry: string;
};

export const DATA_GRID_LABELS_FR: DataGridLabels = {
  pagination: {
    first: 'Première page',
    previous: 'Page précédente',
    next: 'Page suivante',
    last: 'Dernière page',
    page: (page) => `Page ${page}`,
  },
  paginationOf: (gridLabel) => `Pagination : ${gridLabel}`,
  pageSize: 'Lignes par page',
  total: (total) => `${total.toLocaleString('fr-FR')} résultat${total > 1 ? 's' : ''}`,
  columns: 'Colonnes',
  columnsLegend: 'Colonnes affichées',
  loading: 'Chargement…',
  retry: 'Réessayer',
};

export type DataGridProps<Row> = {
  /** Accessible name of the grid, e.g. 'Liste des clients'. */
  label: string;
  columns: DataGridColumn<Row>[];
  /** The current page's rows; undefined while the first page loads. */
  rows: Row[] | undefined;
  getRowId: (row: Row) => string;
  totalItems: number;
  /** From 1. */
  page: number;
  pageSize: number;
  pageSizes?: number[];
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  sort: SortOrder | null;
  onSortChange: (sort: SortOrder | null) => void;
  loading?: boolean;
  /** A French message; the grid shows it with a retry button. */
  error?: string | null;
  onRetry?: () => void;
  emptyMessage: string;
  /** Remembers the hidden columns under this key (e.g. `customers:<user id>`). */
  storageKey?: string;
  /** In-app navigation of link cells (plain clicks only; other clicks keep the browser's way). */
  onNavigate?: (href: string) => void;
  labels?: DataGridLabels;
};

const theme = themeQuartz.withParams({
  fontFamily: 'inherit',
  headerFontWeight: 600,
  accentColor: 'var(--color-brand-600, #1d4ed8)',
  borderRadius: 8,
  wrapperBorderRadius: 12,
});

export function formatCell(value: unknown, format: CellFormat = 'text'): string {
  if (value === null || value === undefined || value === '') return '';
  switch (format) {
    case 'euros':
      return typeof value === 'number' ? formatEuro(value) : String(value);
    case 'percent':
      return typeof value === 'number' ? formatPercent(value) : String(value);
    case 'date':
      return formatDate(value as string);
    case 'integer':
      return typeof value === 'number' ? value.toLocaleString('fr-FR') : String(value);
    default:
      return String(value);
  }
}

function readHidden(storageKey: string | undefined): string[] | null {
  if (!storageKey) return null;
  try {
    const stored = JSON.parse(localStorage.getItem(`data-grid:${storageKey}`) ?? 'null');
    return Array.isArray(stored) ? stored.filter((item) => typeof item === 'string') : null;
  } catch {
    return null;
  }
}

function isPlainClick(event: MouseEvent) {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/**
 * A page of a server-side list on AG Grid: the server sorts and pages (`order[field]`,
 * `page`, `itemsPerPage`), the grid shows the page with French formats, link cells, a column
 * chooser remembered per list, and loading, empty and error states.
 */
export function DataGrid<Row>({
  label,
  columns,
  rows,
  getRowId,
  totalItems,
  page,
  pageSize,
  pageSizes = [10, 25, 50, 100],
  onPageChange,
  onPageSizeChange,
  sort,
  onSortChange,
  loading = false,
  error,
  onRetry,
  emptyMessage,
  storageKey,
  onNavigate,
  labels = DATA_GRID_LABELS_FR,
}: DataGridProps<Row>) {
  const [hidden, setHidden] = useState<string[]>(
    () =>
      readHidden(storageKey) ??
      columns.filter((column) => column.hiddenByDefault).map((column) => column.field),
  );
  const toggle = (field: string, visible: boolean) => {
    const next = visible ? hidden.filter((item) => item !== field) : [...hidden, field];
    setHidden(next);
    if (storageKey) localStorage.setItem(`data-grid:${storageKey}`, JSON.stringify(next));
  };

  const columnDefs = useMemo<ColDef<Row>[]>(
    () =>
      columns.map((column) => ({
        colId: column.field,
        headerName: column.header,
        hide: !column.alwaysVisible && hidden.includes(column.field),
        sortable: column.sortable ?? false,
        sort: sort?.field === column.field ? sort.direction : null,
        // The server sorted the page: the grid keeps its order.
        comparator: () => 0,
        minWidth: column.minWidth ?? 120,
        flex: column.flex ?? 1,
        wrapText: true,
        autoHeight: true,
        type: column.format === 'euros' || column.format === 'percent' ? 'rightAligned' : undefined,
        cellClass: column.cellClass
          ? (params: { data: Row | undefined }) =>
              params.data ? column.cellClass!(params.data) : undefined
          : undefined,
        valueGetter: (params: { data: Row | undefined }) =>
          params.data ? column.value(params.data) : null,
        valueFormatter: (params: { value: unknown }) => formatCell(params.value, column.format),
        cellRenderer:
          column.href || column.render
            ? (params: ICellRendererParams<Row>) => {
                const row = params.data;
                if (!row) return null;
                const content = column.render
                  ? column.render(row)
                  : formatCell(column.value(row), column.format);
                const href = column.href?.(row);
                if (!href) return content;
                return (
                  <a
                    href={href}
                    tabIndex={-1}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline"
                    onClick={(event) => {
                      if (onNavigate && isPlainClick(event)) {
                        event.preventDefault();
                        onNavigate(href);
                      }
                    }}
                  >
                    {content}
                  </a>
                );
              }
            : undefined,
      })),
    [columns, hidden, sort, onNavigate],
  );

  const onSortChanged = (event: SortChangedEvent<Row>) => {
    const sorted = event.api
      .getColumnState()
      .find((state) => state.sort === 'asc' || state.sort === 'desc');
    const next = sorted?.colId
      ? { field: sorted.colId, direction: sorted.sort as 'asc' | 'desc' }
      : null;
    if (next?.field !== sort?.field || next?.direction !== sort?.direction) onSortChange(next);
  };

  const pageCount = Math.max(1, Math.ceil(totalItems / pageSize));
  const choosable = columns.filter((column) => !column.alwaysVisible);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-muted" aria-live="polite">
          {rows === undefined && loading ? labels.loading : labels.total(totalItems)}
        </p>
        {choosable.length > 0 && (
          <Popover className="relative">
            <PopoverButton as={Button} variant="secondary" size="sm">
              {labels.columns}
            </PopoverButton>
            {/* Positioned by CSS, not `anchor`: a portalled panel gets aria-hidden focus sentinels. */}
            <PopoverPanel className="absolute right-0 top-full z-30 mt-1 w-64 rounded-card border border-line bg-surface p-3 shadow-lg">
              <fieldset>
                <legend className="mb-2 text-sm font-semibold text-ink">
                  {labels.columnsLegend}
                </legend>
                <div className="space-y-1">
                  {choosable.map((column) => (
                    <Checkbox
                      key={column.field}
                      label={column.header}
                      checked={!hidden.includes(column.field)}
                      onChange={(event) => toggle(column.field, event.currentTarget.checked)}
                    />
                  ))}
                </div>
              </fieldset>
            </PopoverPanel>
          </Popover>
        )}
      </div>
      {error ? (
        <Alert variant="error">
          <span>{error}</span>
          {onRetry && (
            <Button variant="secondary" size="sm" className="ml-3" onClick={onRetry}>
              {labels.retry}
            </Button>
          )}
        </Alert>
      ) : rows?.length === 0 && !loading ? (
        <p
          role="status"
          className="rounded-card border border-line bg-surface p-6 text-center text-ink-muted"
        >
          {emptyMessage}
        </p>
      ) : (
        <div role="region" aria-label={label} aria-busy={loading}>
          <AgGridReact<Row>
            theme={theme}
            localeText={AG_GRID_LOCALE_FR}
            rowData={rows ?? []}
            columnDefs={columnDefs}
            getRowId={(params) => getRowId(params.data)}
            domLayout="autoHeight"
            loading={loading}
            suppressMovableColumns
            sortingOrder={['asc', 'desc', null] as SortDirection[]}
            onSortChanged={onSortChanged}
            onCellKeyDown={(event) => {
              if (!('column' in event) || (event.event as KeyboardEvent | null)?.key !== 'Enter')
                return;
              const column = columns.find((item) => item.field === event.column.getColId());
              const href = event.data && column?.href?.(event.data);
              if (!href) return;
              if (onNavigate) onNavigate(href);
              else window.location.assign(href);
            }}
          />
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        {onPageSizeChange ? (
          <SelectField
            label={labels.pageSize}
            className="w-40"
            value={String(pageSize)}
            options={pageSizes.map((size) => ({ value: String(size), label: String(size) }))}
            onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
          />
        ) : (
          <span />
        )}
        {pageCount > 1 && (
          <Pagination
            page={page}
            pageCount={pageCount}
            onPageChange={onPageChange}
            label={labels.paginationOf(label)}
            labels={labels.pagination}
          />
        )}
      </div>
    </div>
  );
}
