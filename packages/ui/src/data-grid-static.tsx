// The grid's first drawing: a plain ARIA grid on a <table>, without AG Grid, so that a grid
// route paints its rows without AG Grid's set-up on the main thread (issue 43). It has what the
// user may do before AG Grid takes over (data-grid.tsx loads it at the first interaction): the
// links, the sort on a header, the row boxes, and the WAI-ARIA grid keyboard (one Tab stop,
// arrows, Enter, Space, F2). Same columns, widths and rows' heights as AG Grid's quartz theme,
// so nothing moves when it is replaced.
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { Checkbox } from './checkbox';
import {
  CellContent,
  cellKeyboard,
  type DataGridColumn,
  type DrawingProps,
  fitRatio,
  flexWidths,
  type LastFocus,
  minWidthOf,
  nextSort,
  NUMERIC_FORMATS,
  pinnedFieldsOf,
  SELECT_COLUMN,
  SELECT_WIDTH,
  type SelectionState,
} from './data-grid-shared';

const CELL = '[data-static-cell]';
/** AG Grid's default column width, which a pinned column keeps. */
const PINNED_WIDTH = 200;
/** AG Grid quartz's borders and text, so that the take-over does not change a pixel's colour. */
const LINE = 'border-[rgb(24_29_31/0.15)]';

export type StaticGridProps<Row> = DrawingProps<Row> & {
  /** The columns shown, in order. */
  shown: DataGridColumn<Row>[];
  selection: SelectionState | null;
  /** Rows of room kept while the first page loads. */
  placeholderRows: number;
  onFocusCell: (focus: LastFocus) => void;
};

type ColumnSpec<Row> = {
  colId: string;
  column?: DataGridColumn<Row>;
  width?: number;
  /** Left offset when pinned (sticky) on a narrow screen. */
  left?: number;
};

function SortGlyph({ direction }: { direction: 'asc' | 'desc' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className={`size-4 shrink-0 ${direction === 'desc' ? 'rotate-180' : ''}`}
    >
      <path d="M8 3v10M4 7l4-4 4 4" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

export function StaticGrid<Row>({
  shown,
  rows,
  getRowId,
  shownSort,
  defaultField,
  onSortChange,
  narrow,
  selection,
  selectAllLabel,
  loading,
  placeholderRows,
  onNavigate,
  lastFocus: last,
  onFocusCell,
}: StaticGridProps<Row>) {
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  // Measured before the first paint, then followed: the widths are AG Grid's flex widths.
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const selecting = selection !== null;
  const fit = fitRatio(shown, width + 2, selecting, narrow);
  const pinned = narrow ? pinnedFieldsOf(shown) : [];
  const specs: ColumnSpec<Row>[] = [
    ...(selecting ? [{ colId: SELECT_COLUMN }] : []),
    ...shown.map((column) => ({ colId: column.field, column })),
  ];
  const widths =
    width > 0
      ? flexWidths(
          specs.map(({ column }) =>
            !column
              ? { minWidth: SELECT_WIDTH, flex: 0, fixed: SELECT_WIDTH }
              : pinned.includes(column.field)
                ? // AG Grid does not flex a pinned column: its default width, 200, or its minimum.
                  { minWidth: 0, flex: 0, fixed: Math.max(PINNED_WIDTH, minWidthOf(column, fit)) }
                : { minWidth: minWidthOf(column, fit), flex: column.flex ?? 1 },
          ),
          width,
        )
      : undefined;
  let left = 0;
  for (const [index, spec] of specs.entries()) {
    spec.width = widths?.[index];
    if (narrow && (spec.colId === SELECT_COLUMN || pinned.includes(spec.colId))) {
      spec.left = left;
      left += spec.width ?? 0;
    }
  }

  // The Tab stop: the cell focused last, else the first header.
  const rowCount = rows?.length ?? 0;
  const stop =
    last &&
    specs.some((spec) => spec.colId === last.colId) &&
    (last.rowIndex === null || last.rowIndex < rowCount)
      ? last
      : { rowIndex: null, colId: specs[0]?.colId ?? '' };
  const isStop = (rowIndex: number | null, colId: string) =>
    stop.colId === colId && stop.rowIndex === rowIndex;
  const cellAt = (rowIndex: number | null, colId: string) =>
    frame.current?.querySelector<HTMLElement>(
      `${rowIndex === null ? 'thead' : `tr[row-index="${rowIndex}"]`} ${CELL}[col-id="${CSS.escape(colId)}"]`,
    );
  const sortBy = (column: DataGridColumn<Row> | undefined) => {
    if (!column?.sortable) return;
    onSortChange(nextSort(column.field, shownSort, defaultField));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const target = event.target as HTMLElement;
    const cell = target.closest<HTMLElement>(CELL);
    if (!cell) return;
    const colId = cell.getAttribute('col-id') ?? '';
    const rowAttribute = cell.closest('tr')?.getAttribute('row-index');
    const rowIndex =
      rowAttribute === null || rowAttribute === undefined ? null : Number(rowAttribute);
    const row = rowIndex === null ? undefined : rows?.[rowIndex];
    const column = shown.find((item) => item.field === colId);
    const link = row !== undefined && column?.href?.(row);
    if (cellKeyboard(event.nativeEvent, Boolean(link), CELL)) return;
    if (target !== cell) return;
    const columnIndex = specs.findIndex((spec) => spec.colId === colId);
    const move = (toRow: number | null, toColumn: number) => {
      event.preventDefault();
      const spec = specs[Math.max(0, Math.min(specs.length - 1, toColumn))];
      if (spec) cellAt(toRow, spec.colId)?.focus();
    };
    switch (event.key) {
      case 'ArrowLeft':
        return move(rowIndex, columnIndex - 1);
      case 'ArrowRight':
        return move(rowIndex, columnIndex + 1);
      case 'Home':
        return move(rowIndex, 0);
      case 'End':
        return move(rowIndex, specs.length - 1);
      case 'ArrowUp':
        if (rowIndex === null) return event.preventDefault();
        return move(rowIndex === 0 ? null : rowIndex - 1, columnIndex);
      case 'ArrowDown':
        if (rowIndex !== null && rowIndex >= rowCount - 1) return event.preventDefault();
        return move(rowIndex === null ? 0 : rowIndex + 1, columnIndex);
      case ' ':
        // Space on any cell of a row ticks it; on the header's box, every row of the page.
        if (!selection || (rowIndex === null && colId !== SELECT_COLUMN)) return;
        event.preventDefault();
        if (rowIndex === null) selection.toggleAll();
        else if (row !== undefined) selection.toggle(getRowId(row));
        return;
      case 'Enter':
        if (rowIndex === null) {
          event.preventDefault();
          sortBy(column);
        } else if (link) {
          event.preventDefault();
          if (onNavigate) onNavigate(link);
          else window.location.assign(link);
        }
        return;
    }
  };

  const stickyStyle = (spec: ColumnSpec<Row>) =>
    spec.left === undefined
      ? undefined
      : { position: 'sticky' as const, left: spec.left, zIndex: 1 };
  const lastPinned = specs.filter((spec) => spec.left !== undefined).at(-1)?.colId;
  const pinBorder = (spec: ColumnSpec<Row>) =>
    spec.colId === lastPinned ? ` border-r ${LINE}` : '';
  const all = selection
    ? selection.pageIds.length > 0 && selection.pageIds.every((id) => selection.selected.has(id))
    : false;
  const some = selection ? selection.pageIds.some((id) => selection.selected.has(id)) : false;

  return (
    <div
      ref={frame}
      data-grid-scroll=""
      data-scroll-region=""
      // Its width is the room it is given, never its table's: a wide table scrolls inside it
      // (as AG Grid's does) rather than widen the page; positioned, so that what is positioned
      // in a cell (a checkbox's hidden label) scrolls with it too.
      className={`relative overflow-x-auto [contain:inline-size] rounded-[12px] border ${LINE} bg-white text-sm text-[rgb(24_29_31)]`}
    >
      <table
        role="grid"
        aria-rowcount={rowCount + 1}
        aria-colcount={specs.length}
        className="border-separate border-spacing-0"
        style={
          widths
            ? { tableLayout: 'fixed', width: widths.reduce((sum, item) => sum + item, 0) }
            : { width: '100%' }
        }
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          const cell = (event.target as HTMLElement).closest<HTMLElement>(CELL);
          if (!cell) return;
          const rowAttribute = cell.closest('tr')?.getAttribute('row-index');
          onFocusCell({
            rowIndex: rowAttribute ? Number(rowAttribute) : null,
            colId: cell.getAttribute('col-id') ?? '',
          });
        }}
      >
        <colgroup>
          {specs.map((spec) => (
            <col key={spec.colId} style={spec.width ? { width: spec.width } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr role="row" aria-rowindex={1}>
            {specs.map((spec, index) => {
              const { column } = spec;
              const sorted =
                column && shownSort?.field === column.field ? shownSort.direction : null;
              const numeric = column && NUMERIC_FORMATS.includes(column.format ?? 'text');
              return (
                <th
                  key={spec.colId}
                  role="columnheader"
                  col-id={spec.colId}
                  data-static-cell=""
                  aria-colindex={index + 1}
                  aria-sort={
                    sorted === 'asc'
                      ? 'ascending'
                      : sorted === 'desc'
                        ? 'descending'
                        : column?.sortable
                          ? 'none'
                          : undefined
                  }
                  tabIndex={isStop(null, spec.colId) ? 0 : -1}
                  style={stickyStyle(spec)}
                  className={`h-12 border-b ${LINE} bg-white px-4 py-3 text-left align-middle font-semibold leading-[17px] outline-offset-[-3px]${column?.sortable ? ' cursor-pointer' : ''}${pinBorder(spec)}`}
                  onClick={() => sortBy(column)}
                >
                  {column ? (
                    <span
                      className={`flex items-center gap-2 break-words${numeric ? ' flex-row-reverse text-right' : ''}`}
                    >
                      <span className="min-w-0">{column.header}</span>
                      {sorted && <SortGlyph direction={sorted} />}
                    </span>
                  ) : (
                    <Checkbox
                      tabIndex={-1}
                      className="items-center"
                      label={<span className="sr-only">{selectAllLabel}</span>}
                      checked={all}
                      ref={(box) => {
                        if (box) box.indeterminate = some && !all;
                      }}
                      disabled={!selection || selection.pageIds.length === 0}
                      onChange={() => selection?.toggleAll()}
                    />
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={loading ? 'opacity-60' : undefined}>
          {rows?.map((row, rowIndex) => {
            const id = getRowId(row);
            return (
              <tr
                key={id}
                role="row"
                row-index={rowIndex}
                aria-rowindex={rowIndex + 2}
                aria-selected={selection ? selection.selected.has(id) : undefined}
              >
                {specs.map((spec, index) => {
                  const { column } = spec;
                  const numeric = column && NUMERIC_FORMATS.includes(column.format ?? 'text');
                  const lastRow = rowIndex === rowCount - 1;
                  return (
                    <td
                      key={spec.colId}
                      role="gridcell"
                      col-id={spec.colId}
                      data-static-cell=""
                      aria-colindex={index + 1}
                      tabIndex={isStop(rowIndex, spec.colId) ? 0 : -1}
                      style={stickyStyle(spec)}
                      className={`h-[42px] bg-white px-4 pt-px align-top leading-[39px] break-words outline-offset-[-3px]${lastRow ? ' pb-px' : ` border-b ${LINE}`}${numeric ? ' text-right' : ''}${pinBorder(spec)} ${column?.cellClass?.(row) ?? ''}`}
                    >
                      {column ? (
                        <CellContent column={column} row={row} onNavigate={onNavigate} />
                      ) : (
                        <Checkbox
                          tabIndex={-1}
                          data-row-select=""
                          className="h-[39px] items-center"
                          label={
                            <span className="sr-only">
                              {selection?.labels.selectRow(selection.rowLabel(row))}
                            </span>
                          }
                          checked={selection?.selected.has(id) ?? false}
                          onChange={() => selection?.toggle(id)}
                        />
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows === undefined && <div aria-hidden="true" style={{ height: placeholderRows * 42 }} />}
    </div>
  );
}
