// AG Grid's drawing of a `DataGrid` (data-grid.tsx): loaded lazily at the user's first
// interaction with the grid, the first page being drawn before by data-grid-static.tsx.
import { AG_GRID_LOCALE_FR } from '@ag-grid-community/locale';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  type CellFocusedEvent,
  type ColDef,
  type FocusGridInnerElementParams,
  type GridApi,
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
  type RefObject,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Checkbox } from './checkbox';
import {
  CellContent,
  cellKeyboard,
  type DataGridColumn,
  type DrawingProps,
  fitRatio,
  formatCell,
  type LastFocus,
  minWidthOf,
  NUMERIC_FORMATS,
  pinnedFieldsOf,
  SELECT_COLUMN,
  SELECT_WIDTH,
  SelectionContext,
  type SelectionState,
} from './data-grid-shared';

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

const theme = themeQuartz.withParams({
  fontFamily: 'inherit',
  headerFontWeight: 600,
  accentColor: 'var(--color-brand-600, #1d4ed8)',
  borderRadius: 8,
  wrapperBorderRadius: 12,
});

/** The same empty array while the first page loads: a new one would be new row data each render. */
const NO_ROWS: never[] = [];
const AG_CELL = '.ag-cell';

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

export type DataGridEngineProps<Row> = DrawingProps<Row> & {
  columns: DataGridColumn<Row>[];
  hidden: string[];
  selecting: boolean;
  selectionRef: RefObject<SelectionState | null>;
  /** Drawn unseen until shown, in place of the static drawing. */
  shown: boolean;
  /** When shown, the cell that takes the focus the static drawing had. */
  focus: LastFocus | null;
  /** The rows are drawn: AG Grid can be shown. */
  onDrawn: () => void;
};

/** The grid on AG Grid: keyboard, pinned columns, tooltips; the server sorts and pages. */
export function DataGridEngine<Row>({
  columns,
  hidden,
  rows,
  getRowId,
  shownSort,
  defaultField,
  onSortChange,
  narrow,
  selecting,
  selectAllLabel,
  selectionRef,
  loading,
  onNavigate,
  lastFocus: staticFocus,
  shown,
  focus,
  onDrawn,
}: DataGridEngineProps<Row>) {
  const sortField = shownSort?.field;
  const sortDirection = shownSort?.direction;
  const [gridWidth, setGridWidth] = useState(0);
  const fit = fitRatio(
    columns.filter((column) => column.alwaysVisible || !hidden.includes(column.field)),
    gridWidth,
    selecting,
    narrow,
  );
  const columnDefs = useMemo<ColDef<Row>[]>(() => {
    const shown = columns.filter(
      (column) => column.alwaysVisible || !hidden.includes(column.field),
    );
    const pinnedFields = pinnedFieldsOf(shown);
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
        minWidth: minWidthOf(column, fit),
        flex: column.flex ?? 1,
        suppressKeyboardEvent: ({ event }: SuppressKeyboardEventParams<Row>) =>
          cellKeyboard(event, column.href !== undefined, AG_CELL),
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
            ? (params: ICellRendererParams<Row>) =>
                params.data ? (
                  <CellContent column={column} row={params.data} onNavigate={onNavigate} />
                ) : null
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
      width: SELECT_WIDTH,
      minWidth: SELECT_WIDTH,
      maxWidth: SELECT_WIDTH,
      resizable: false,
      sortable: false,
      suppressKeyboardEvent: ({ event }: SuppressKeyboardEventParams<Row>) =>
        cellKeyboard(event, false, AG_CELL),
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
    selectionRef,
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
  const lastFocus = useRef<LastFocus | null>(staticFocus);
  // Unseen, the static drawing is the one used: its Tab stop is the one to come back to.
  useLayoutEffect(() => {
    if (!shown) lastFocus.current = staticFocus;
  }, [shown, staticFocus]);
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
  // Shown: the cell that had focus in the static drawing takes it here, once.
  const api = useRef<GridApi<Row> | null>(null);
  const focusGiven = useRef(false);
  // In the commit that shows it: no key can fall between the two drawings.
  useLayoutEffect(() => {
    if (!shown || !focus || !api.current || focusGiven.current) return;
    focusGiven.current = true;
    lastFocus.current = focus;
    focusGridInnerElement({ api: api.current } as FocusGridInnerElementParams<Row>);
  });

  return (
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
      onGridReady={(event) => {
        api.current = event.api;
      }}
      onFirstDataRendered={onDrawn}
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
  );
}
