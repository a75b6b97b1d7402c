import { AG_GRID_LOCALE_FR } from '@ag-grid-community/locale';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  type CellFocusedEvent,
  type ColDef,
  type FocusGridInnerElementParams,
  type HeaderFocusedEvent,
  type ICellRendererParams,
  LocaleModule,
  ModuleRegistry,
  RowAutoHeightModule,
  type SortChangedEvent,
  type SortDirection,
  type SuppressHeaderKeyboardEventParams,
  type SuppressKeyboardEventParams,
  themeQuartz,
  TooltipModule,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import {
  createContext,
  type MouseEvent,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Checkbox } from './checkbox';
import { formatDate, formatEuro, formatPercent } from './format';
import { Pagination, type PaginationLabels } from './pagination';
import { SelectField } from './select-field';
import { useMediaQuery } from './use-media-query';

// Only what the grid uses, not AllCommunityModule: the chunk stays as small as AG Grid allows.
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  // getColumnState, to read the sort the user chose.
  ColumnApiModule,
  LocaleModule,
  CellStyleModule,
  RowAutoHeightModule,
  // headerTooltip: the full name of a header cut by a narrow column, on hover.
  TooltipModule,
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
  /**
   * Stays at the left while the grid scrolls sideways on a narrow screen (under 768 px). When
   * no column asks for it, the first shown column is pinned there.
   */
  pinned?: boolean;
};

/**
 * Checkboxes on the rows of the page. The caller owns the selected ids (those of `getRowId`);
 * the grid clears them (`onChange([])`) when the page, the page size, the sort or the rows
 * shown change. A caller should clear them too when its filters change.
 */
export type DataGridSelection<Row> = {
  selectedIds: readonly string[];
  onChange: (ids: string[]) => void;
  /** Names the row in its checkbox's accessible name, e.g. the customer's full name. */
  rowLabel: (row: Row) => string;
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
  /** Accessible name of the header checkbox. */
  selectAll: string;
  /** Accessible name of a row's checkbox from `selection.rowLabel`. */
  selectRow: (rowLabel: string) => string;
  /** The count selected, shown and announced; '' for none. */
  selected: (count: number) => string;
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
  selectAll: 'Sélectionner toutes les lignes de la page',
  selectRow: (rowLabel) => `Sélectionner ${rowLabel}`,
  selected: (count) =>
    count === 0
      ? ''
      : `${count.toLocaleString('fr-FR')} ligne${count > 1 ? 's' : ''} sélectionnée${count > 1 ? 's' : ''}`,
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
  /** The order asked of the server; null when the URL names none. */
  sort: SortOrder | null;
  onSortChange: (sort: SortOrder | null) => void;
  /** The order the server applies when `sort` is null: its header shows it. */
  defaultSort?: SortOrder;
  /** Row checkboxes (a first column), select all on the page, the count selected. */
  selection?: DataGridSelection<Row>;
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

const SELECT_COLUMN = '__select';
/** The same empty array while the first page loads: a new one would be new row data each render. */
const NO_ROWS: never[] = [];
const NUMERIC_FORMATS: readonly CellFormat[] = ['euros', 'percent', 'integer'];
/** Under 768 px (the phone), where the first column is pinned. */
const NARROW_QUERY = '(max-width: 767px)';
/** The least a column shrinks to when the columns are fitted to a wide screen. */
const MIN_COLUMN = 80;

type SelectionState = {
  selected: ReadonlySet<string>;
  pageIds: string[];
  toggle: (id: string) => void;
  toggleAll: () => void;
  rowLabel: (row: unknown) => string;
  getRowId: (row: unknown) => string;
  labels: DataGridLabels;
};

// Cell and header renderers are React portals of the grid: they read the selection from here,
// so the column definitions do not change on every tick of a checkbox.
const SelectionContext = createContext<SelectionState | null>(null);

function RowCheckbox({ data }: ICellRendererParams) {
  const state = useContext(SelectionContext);
  if (!state || data === undefined) return null;
  const id = state.getRowId(data);
  return (
    <Checkbox
      // One Tab stop for the grid: the cell has focus, Space toggles (onCellKeyDown).
      tabIndex={-1}
      data-row-select=""
      className="h-full items-center"
      label={<span className="sr-only">{state.labels.selectRow(state.rowLabel(data))}</span>}
      checked={state.selected.has(id)}
      onChange={() => state.toggle(id)}
    />
  );
}

function PageCheckbox() {
  const state = useContext(SelectionContext);
  const ref = useRef<HTMLInputElement>(null);
  const count = state ? state.pageIds.filter((id) => state.selected.has(id)).length : 0;
  const all = !!state && state.pageIds.length > 0 && count === state.pageIds.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  if (!state) return null;
  return (
    <Checkbox
      ref={ref}
      tabIndex={-1}
      className="h-full items-center"
      label={<span className="sr-only">{state.labels.selectAll}</span>}
      checked={all}
      disabled={state.pageIds.length === 0}
      onChange={() => state.toggleAll()}
    />
  );
}

/** The cell, or the header (`rowIndex` null), that had focus last in the grid. */
type LastFocus = { rowIndex: number | null; colId: string };

const CELL_CONTROLS =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The controls inside a cell (links, buttons, boxes), in document order. */
function cellControls(cell: HTMLElement): HTMLElement[] {
  return Array.from(cell.querySelectorAll<HTMLElement>(CELL_CONTROLS)).filter(
    (control) => control !== cell && control.getClientRects().length > 0,
  );
}

/**
 * The WAI-ARIA grid pattern for the controls inside a cell: on the cell, Enter (unless the
 * cell is a link, which Enter follows) or F2 moves focus into its controls; there, Tab and
 * Shift+Tab cycle among them, Escape returns to the cell, and every other key is the
 * control's own (the grid's arrows and Tab stay out of it).
 */
function cellKeyboard(event: KeyboardEvent, linkCell: boolean): boolean {
  const target = event.target as HTMLElement | null;
  const cell = target?.closest<HTMLElement>('.ag-cell');
  if (!target || !cell) return false;
  if (target === cell) {
    if (event.type !== 'keydown') return false;
    if (event.key !== 'F2' && (event.key !== 'Enter' || linkCell)) return false;
    const [first] = cellControls(cell);
    if (!first) return false;
    event.preventDefault();
    first.focus();
    return true;
  }
  if (event.type !== 'keydown') return true;
  if (event.key === 'Escape') {
    event.preventDefault();
    cell.focus();
  } else if (event.key === 'Tab') {
    event.preventDefault();
    const controls = cellControls(cell);
    const index = controls.indexOf(target);
    const next = (index + (event.shiftKey ? -1 : 1) + controls.length) % controls.length;
    controls[next]?.focus();
  }
  return true;
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
  defaultSort,
  selection,
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
  const narrow = useMediaQuery(NARROW_QUERY);
  // The order the page is in: the one asked, or the server's default.
  const shownSort = sort ?? defaultSort ?? null;
  const sortField = shownSort?.field;
  const sortDirection = shownSort?.direction;
  const defaultField = sort ? undefined : defaultSort?.field;
  const selectAllLabel = labels.selectAll;

  // Selection: the ids on this page, and the toggles. The keyboard handlers read the latest
  // through a ref, so the column definitions stay the same while boxes are ticked.
  const pageIds = useMemo(() => (rows ?? []).map(getRowId), [rows, getRowId]);
  const selectionState = useMemo<SelectionState | null>(() => {
    if (!selection) return null;
    const selected = new Set(selection.selectedIds);
    return {
      selected,
      pageIds,
      toggle: (id) =>
        selection.onChange(
          selected.has(id)
            ? selection.selectedIds.filter((item) => item !== id)
            : [...selection.selectedIds, id],
        ),
      toggleAll: () => {
        const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
        selection.onChange(
          allSelected
            ? selection.selectedIds.filter((id) => !pageIds.includes(id))
            : [...selection.selectedIds, ...pageIds.filter((id) => !selected.has(id))],
        );
      },
      rowLabel: selection.rowLabel as (row: unknown) => string,
      getRowId: getRowId as (row: unknown) => string,
      labels,
    };
  }, [selection, pageIds, getRowId, labels]);
  const selectionRef = useRef(selectionState);
  useLayoutEffect(() => {
    selectionRef.current = selectionState;
  }, [selectionState]);
  const selecting = selection !== undefined;

  // A new page, page size, order or set of rows clears the selection (the caller owns it).
  const pageKey = `${page}|${pageSize}|${sort?.field}|${sort?.direction}|${pageIds.join(',')}`;
  const shownKey = useRef(pageKey);
  useEffect(() => {
    if (shownKey.current === pageKey) return;
    shownKey.current = pageKey;
    if (selection && selection.selectedIds.length > 0) selection.onChange([]);
  }, [pageKey, selection]);

  // The grid's width: on a wide screen the columns' minimum widths shrink to fit it (the cells
  // wrap) rather than push the last column behind a scrollbar at the grid's foot.
  const [gridWidth, setGridWidth] = useState(0);
  const shown = columns.filter((column) => column.alwaysVisible || !hidden.includes(column.field));
  const wanted = shown.reduce((sum, column) => sum + (column.minWidth ?? 120), 0);
  const room = gridWidth - (selecting ? 64 : 0) - 2;
  // Only the ratio enters the columns, rounded: a width that changes by a few pixels (or any
  // width on a phone, where nothing shrinks) gives the same definitions, and AG Grid does not
  // build every header and cell again (new definitions redraw them all, and measure them again).
  const fit = !narrow && gridWidth > 0 && wanted > room ? Math.floor((room / wanted) * 50) / 50 : 1;
  const columnDefs = useMemo<ColDef<Row>[]>(() => {
    const shown = columns.filter(
      (column) => column.alwaysVisible || !hidden.includes(column.field),
    );
    const pinnedFields = shown.some((column) => column.pinned)
      ? shown.filter((column) => column.pinned).map((column) => column.field)
      : shown.slice(0, 1).map((column) => column.field);
    const dataColumns = columns.map((column): ColDef<Row> => {
      const numeric = NUMERIC_FORMATS.includes(column.format ?? 'text');
      // Own cellClass would drop the right alignment of a `type`: set both sides here.
      const alignClass = numeric ? 'ag-right-aligned-cell' : undefined;
      const isDefaultSort = defaultField === column.field;
      return {
        colId: column.field,
        headerName: column.header,
        // Headers wrap rather than cut; a word still too long shows whole on hover.
        headerTooltip: column.header,
        wrapHeaderText: true,
        autoHeaderHeight: true,
        headerClass: numeric ? 'ag-right-aligned-header' : undefined,
        hide: !column.alwaysVisible && hidden.includes(column.field),
        pinned: narrow && pinnedFields.includes(column.field) ? 'left' : null,
        sortable: column.sortable ?? false,
        sort: sortField === column.field ? sortDirection : null,
        // The default order has no 'none' state: a click on its column turns it over.
        sortingOrder: isDefaultSort ? (['asc', 'desc'] as SortDirection[]) : undefined,
        // The server sorted the page: the grid keeps its order.
        comparator: () => 0,
        minWidth: Math.max(MIN_COLUMN, Math.floor((column.minWidth ?? 120) * fit)),
        flex: column.flex ?? 1,
        suppressKeyboardEvent: ({ event }: SuppressKeyboardEventParams<Row>) =>
          cellKeyboard(event, column.href !== undefined),
        wrapText: true,
        autoHeight: true,
        cellClass:
          column.cellClass || alignClass
            ? (params: { data: Row | undefined }) =>
                [alignClass, params.data && column.cellClass?.(params.data)]
                  .filter(Boolean)
                  .join(' ') || undefined
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
                    // One Tab stop for the grid: Enter on the focused cell follows the link.
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
      };
    });
    if (!selecting) return dataColumns;
    const selectColumn: ColDef<Row> = {
      colId: SELECT_COLUMN,
      headerName: selectAllLabel,
      headerComponent: PageCheckbox,
      cellRenderer: RowCheckbox,
      pinned: narrow ? 'left' : null,
      // The box, the kit's Checkbox gap and the cell's padding.
      width: 64,
      minWidth: 64,
      maxWidth: 64,
      resizable: false,
      sortable: false,
      suppressKeyboardEvent: ({ event }: SuppressKeyboardEventParams<Row>) =>
        cellKeyboard(event, false),
      // Space on the header ticks every row of the page.
      suppressHeaderKeyboardEvent: (params: SuppressHeaderKeyboardEventParams<Row>) => {
        if (params.event.key !== ' ' || params.event.type !== 'keydown') return false;
        params.event.preventDefault();
        selectionRef.current?.toggleAll();
        return true;
      },
    };
    return [selectColumn, ...dataColumns];
  }, [
    columns,
    hidden,
    sortField,
    sortDirection,
    defaultField,
    narrow,
    fit,
    selecting,
    selectAllLabel,
    onNavigate,
  ]);

  const onSortChanged = (event: SortChangedEvent<Row>) => {
    const sorted = event.api
      .getColumnState()
      .find((state) => state.sort === 'asc' || state.sort === 'desc');
    const next = sorted?.colId
      ? { field: sorted.colId, direction: sorted.sort as 'asc' | 'desc' }
      : null;
    if (next?.field !== shownSort?.field || next?.direction !== shownSort?.direction)
      onSortChange(next);
  };

  // Tab or Shift+Tab comes back to the cell left last (WAI-ARIA grid: one Tab stop that
  // remembers); the first time, to the first header (Tab) or the last cell (Shift+Tab).
  const lastFocus = useRef<LastFocus | null>(null);
  const rowCount = useRef(0);
  useLayoutEffect(() => {
    rowCount.current = rows?.length ?? 0;
  }, [rows]);
  const focusGridInnerElement = ({ api }: FocusGridInnerElementParams<Row>) => {
    const last = lastFocus.current;
    if (!last || !api.getColumn(last.colId)?.isVisible()) return false;
    if (last.rowIndex !== null && last.rowIndex >= rowCount.current) return false;
    if (last.rowIndex === null) api.setFocusedHeader(last.colId);
    else api.setFocusedCell(last.rowIndex, last.colId);
    return true;
  };

  // The page's rows are known but AG Grid has not drawn them yet: what is under the grid waits
  // unseen, or it would be painted under an empty grid and pushed down (a layout shift).
  const [drawn, setDrawn] = useState(false);
  const awaitingRows = !drawn && (rows?.length ?? 0) > 0;

  const pageCount = Math.max(1, Math.ceil(totalItems / pageSize));
  const choosable = columns.filter((column) => !column.alwaysVisible);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <p className="text-sm text-ink-muted" aria-live="polite">
            {rows === undefined && loading ? labels.loading : labels.total(totalItems)}
          </p>
          {selection && (
            <p className="text-sm font-semibold text-ink" aria-live="polite" aria-atomic="true">
              {labels.selected(selection.selectedIds.length)}
            </p>
          )}
        </div>
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
          <SelectionContext.Provider value={selectionState}>
            <AgGridReact<Row>
              theme={theme}
              localeText={AG_GRID_LOCALE_FR}
              rowData={rows ?? NO_ROWS}
              columnDefs={columnDefs}
              getRowId={(params) => getRowId(params.data)}
              domLayout="autoHeight"
              onGridSizeChanged={(event) => setGridWidth(event.clientWidth)}
              loading={loading}
              suppressMovableColumns
              sortingOrder={['asc', 'desc', null] as SortDirection[]}
              onSortChanged={onSortChanged}
              onFirstDataRendered={() => setDrawn(true)}
              tooltipShowDelay={300}
              tooltipShowMode="whenTruncated"
              // One Tab stop (WAI-ARIA grid pattern): arrows move between headers and cells,
              // Tab and Shift+Tab leave the grid for the controls around it.
              tabToNextCell={() => false}
              tabToNextHeader={() => false}
              focusGridInnerElement={focusGridInnerElement}
              onCellFocused={(event: CellFocusedEvent<Row>) => {
                const column = event.column;
                if (event.rowIndex === null || event.rowPinned || !column) return;
                const colId = typeof column === 'string' ? column : column.getColId();
                lastFocus.current = { rowIndex: event.rowIndex, colId };
              }}
              onHeaderFocused={(event: HeaderFocusedEvent<Row>) => {
                if ('getColId' in event.column)
                  lastFocus.current = { rowIndex: null, colId: event.column.getColId() };
              }}
              onCellKeyDown={(event) => {
                const key = (event.event as KeyboardEvent | null | undefined)?.key;
                if (!('column' in event) || !event.data) return;
                // A control inside the cell (reached by Enter or F2, or a click) keeps its keys.
                const target = event.event?.target as HTMLElement | null;
                if (!target?.classList.contains('ag-cell')) return;
                if (key === ' ' && selectionRef.current) {
                  event.event?.preventDefault();
                  selectionRef.current.toggle(getRowId(event.data));
                  return;
                }
                if (key !== 'Enter') return;
                const column = columns.find((item) => item.field === event.column.getColId());
                const href = column?.href?.(event.data);
                if (!href) return;
                if (onNavigate) onNavigate(href);
                else window.location.assign(href);
              }}
            />
          </SelectionContext.Provider>
        </div>
      )}
      <div
        className={`flex flex-wrap items-center justify-between gap-3${awaitingRows ? ' invisible' : ''}`}
      >
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
