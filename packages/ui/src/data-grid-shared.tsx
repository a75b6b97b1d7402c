// What the grid's two drawings share: the static first page (data-grid-static.tsx) and AG Grid
// (data-grid-engine.tsx, loaded at the first interaction). Not exported from the package:
// `@portal/ui/data-grid` re-exports what callers use.
import { createContext, type MouseEvent, type ReactNode } from 'react';
import { formatDate, formatEuro, formatPercent } from './format';
import type { PaginationLabels } from './pagination';

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

export const SELECT_COLUMN = '__select';
/** The selection column's width: the box, the kit's Checkbox gap and the cell's padding. */
export const SELECT_WIDTH = 64;
export const NUMERIC_FORMATS: readonly CellFormat[] = ['euros', 'percent', 'integer'];
/** The least a column shrinks to when the columns are fitted to a wide screen. */
const MIN_COLUMN = 80;

export type SelectionState = {
  selected: ReadonlySet<string>;
  pageIds: string[];
  toggle: (id: string) => void;
  toggleAll: () => void;
  rowLabel: (row: unknown) => string;
  getRowId: (row: unknown) => string;
  labels: DataGridLabels;
};

// Cell and header renderers are React portals of AG Grid: they read the selection from here,
// so the column definitions do not change on every tick of a checkbox.
export const SelectionContext = createContext<SelectionState | null>(null);

/** The cell, or the header (`rowIndex` null), that had focus last in the grid. */
export type LastFocus = { rowIndex: number | null; colId: string };

/** What both drawings of the grid are given. */
export type DrawingProps<Row> = {
  rows: Row[] | undefined;
  getRowId: (row: Row) => string;
  /** The order the page is in (asked, or the server's default), and the default's column. */
  shownSort: SortOrder | null;
  defaultField: string | undefined;
  onSortChange: (sort: SortOrder | null) => void;
  narrow: boolean;
  selectAllLabel: string;
  loading: boolean;
  onNavigate?: (href: string) => void;
  /** The cell focused last in the static drawing: the Tab stop (AG Grid's until it has its own). */
  lastFocus: LastFocus | null;
};

/**
 * The columns' shrink ratio on a wide screen: their minimum widths shrink to fit the grid (the
 * cells wrap) rather than push the last column behind a scrollbar. Rounded: a width changing by
 * a few pixels (or any width on a phone, where nothing shrinks) gives the same ratio, and AG Grid
 * does not build every header and cell again.
 */
export function fitRatio<Row>(
  shown: DataGridColumn<Row>[],
  gridWidth: number,
  selecting: boolean,
  narrow: boolean,
): number {
  const wanted = shown.reduce((sum, column) => sum + (column.minWidth ?? 120), 0);
  const room = gridWidth - (selecting ? SELECT_WIDTH : 0) - 2;
  return !narrow && gridWidth > 0 && wanted > room ? Math.floor((room / wanted) * 50) / 50 : 1;
}

export const minWidthOf = <Row,>(column: DataGridColumn<Row>, fit: number) =>
  Math.max(MIN_COLUMN, Math.floor((column.minWidth ?? 120) * fit));

/** The columns pinned at the left on a narrow screen: those asking for it, else the first. */
export function pinnedFieldsOf<Row>(shown: DataGridColumn<Row>[]): string[] {
  return shown.some((column) => column.pinned)
    ? shown.filter((column) => column.pinned).map((column) => column.field)
    : shown.slice(0, 1).map((column) => column.field);
}

/**
 * The columns' widths as AG Grid's flex sizing gives them: the room shared by flex, a column
 * whose share is under its minimum kept at its minimum and the rest shared again.
 */
export function flexWidths(
  columns: { minWidth: number; flex: number; fixed?: number }[],
  room: number,
): number[] {
  const widths = columns.map((column) => column.fixed);
  let left = room - columns.reduce((sum, column) => sum + (column.fixed ?? 0), 0);
  for (;;) {
    const open = columns.map((_, index) => index).filter((index) => widths[index] === undefined);
    if (!open.length) break;
    const flex = open.reduce((sum, index) => sum + columns[index]!.flex, 0);
    const under = open.find(
      (index) => (left * columns[index]!.flex) / flex < columns[index]!.minWidth,
    );
    if (under === undefined) {
      // Whole pixels, rounded as they add up: the widths fill the room exactly.
      let sum = 0;
      let given = 0;
      for (const index of open) {
        sum += (left * columns[index]!.flex) / flex;
        widths[index] = Math.round(sum) - given;
        given = Math.round(sum);
      }
      break;
    }
    widths[under] = columns[under]!.minWidth;
    left -= columns[under]!.minWidth;
  }
  return widths.map((width) => width ?? 0);
}

const CELL_CONTROLS =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The controls inside a cell (links, buttons, boxes), in document order. */
export function cellControls(cell: HTMLElement): HTMLElement[] {
  return Array.from(cell.querySelectorAll<HTMLElement>(CELL_CONTROLS)).filter(
    (control) => control !== cell && control.getClientRects().length > 0,
  );
}

/**
 * The WAI-ARIA grid pattern for the controls inside a cell: on the cell, Enter (unless the
 * cell is a link, which Enter follows) or F2 moves focus into its controls; there, Tab and
 * Shift+Tab cycle among them, Escape returns to the cell, and every other key is the
 * control's own (the grid's arrows and Tab stay out of it). `cellSelector` names the cells.
 */
export function cellKeyboard(
  event: KeyboardEvent,
  linkCell: boolean,
  cellSelector: string,
): boolean {
  const target = event.target as HTMLElement | null;
  const cell = target?.closest<HTMLElement>(cellSelector);
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

export function isPlainClick(event: MouseEvent) {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** The cell's content: the caller's rendering, or the formatted value; a link when it has one. */
export function CellContent<Row>({
  column,
  row,
  onNavigate,
}: {
  column: DataGridColumn<Row>;
  row: Row;
  onNavigate?: (href: string) => void;
}) {
  const content = column.render ? column.render(row) : formatCell(column.value(row), column.format);
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

/** The next order after a click (or Enter) on a sortable header, as AG Grid cycles it. */
export function nextSort(
  field: string,
  shown: SortOrder | null,
  defaultField: string | undefined,
): SortOrder | null {
  if (shown?.field !== field) return { field, direction: 'asc' };
  if (shown.direction === 'asc') return { field, direction: 'desc' };
  // The default order has no 'none' state: a click on its column turns it over.
  return defaultField === field ? { field, direction: 'asc' } : null;
}
