import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { type SyntheticEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Checkbox } from './checkbox';
import {
  type DataGridColumn,
  type DataGridLabels,
  type DrawingProps,
  type LastFocus,
  type SelectionState,
  SelectionContext,
  type SortOrder,
} from './data-grid-shared';
import { StaticGrid } from './data-grid-static';
import { Pagination } from './pagination';
import { SelectField } from './select-field';
import { useMediaQuery } from './use-media-query';

export {
  type CellFormat,
  type DataGridColumn,
  type DataGridLabels,
  formatCell,
  type SortOrder,
} from './data-grid-shared';

/**
 * AG Grid and the grid's drawing on it (a chunk of about 220 KB gzip): loaded at the user's first
 * interaction with a grid, the first page being drawn without it (issue 43).
 */
export const loadDataGridEngine = () => import('./data-grid-engine');

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

function readHidden(storageKey: string | undefined): string[] | null {
  if (!storageKey) return null;
  try {
    const stored = JSON.parse(localStorage.getItem(`data-grid:${storageKey}`) ?? 'null');
    return Array.isArray(stored) ? stored.filter((item) => typeof item === 'string') : null;
  } catch {
    return null;
  }
}

/** The cell (or header) of a drawing that has focus now, or null. */
function focusIn(drawing: HTMLElement | null): LastFocus | null {
  const active = document.activeElement;
  const cell = active && drawing?.contains(active) ? active.closest('[col-id]') : null;
  if (!cell) return null;
  const row = cell.closest('[row-index]')?.getAttribute('row-index');
  return { rowIndex: row ? Number(row) : null, colId: cell.getAttribute('col-id') ?? '' };
}

/** A modal dialog open: the user is busy in it (it may be a cell's), AG Grid waits. */
const MODAL = '[aria-modal="true"], dialog[open]';

/** Under 768 px (the phone), where the first column is pinned. */
const NARROW_QUERY = '(max-width: 767px)';

/** AG Grid's drawing, once loaded (generic over the row: typed again where it is used). */
type Engine = typeof import('./data-grid-engine').DataGridEngine;

/**
 * A page of a server-side list: the server sorts and pages (`order[field]`, `page`,
 * `itemsPerPage`), the grid shows the page with French formats, link cells, a column chooser
 * remembered per list, and loading, empty and error states. The first page is a plain ARIA
 * grid (`StaticGrid`); AG Grid takes over at the first pointer, key or focus on the grid or its
 * controls, or a change of page, order or rows, keeping the cell that has focus.
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
  const defaultField = sort ? undefined : defaultSort?.field;

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

  // A new page, page size, order or set of rows clears the selection (the caller owns it).
  const pageKey = `${page}|${pageSize}|${sort?.field}|${sort?.direction}|${pageIds.join(',')}`;
  const shownKey = useRef(pageKey);
  useEffect(() => {
    if (shownKey.current === pageKey) return;
    shownKey.current = pageKey;
    if (selection && selection.selectedIds.length > 0) selection.onChange([]);
  }, [pageKey, selection]);

  // AG Grid's take-over. Asked at the first interaction (and by any new page, order or rows),
  // never at load or idle time: its set-up is seconds of a phone's main thread. AG Grid is drawn
  // unseen under the static drawing, which the user goes on using; once AG Grid's rows are drawn
  // it is shown instead, in one frame, and the cell that had focus in the static drawing gets it
  // in AG Grid. The swap remounts the cells' content, so it waits for a moment when nothing of
  // it is in use: no pointer down (its click lands first), no control of a cell focused (a button
  // whose request is under way), no modal dialog open (one a cell may have opened).
  const [Engine, setEngine] = useState<Engine | null>(null);
  const [drawnUnseen, setDrawnUnseen] = useState(false);
  const [shownEngine, setShownEngine] = useState<{ focus: LastFocus | null } | null>(null);
  const asked = useRef(false);
  const pointerDown = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  const staticFrame = useRef<HTMLDivElement>(null);
  // The Tab stop: the cell or header focused last in the static drawing.
  const [lastFocus, setLastFocus] = useState<LastFocus | null>(null);
  const takeOver = () => {
    if (asked.current) return;
    asked.current = true;
    loadDataGridEngine().then(
      (module) => setEngine(() => module.DataGridEngine),
      () => {
        // Offline or a new deployment: the static drawing stays, the next interaction asks again.
        asked.current = false;
      },
    );
  };
  useEffect(() => {
    if (!drawnUnseen || shownEngine) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const trySwap = () => {
      const active = document.activeElement;
      const inCell =
        active && staticFrame.current?.contains(active) && !active.matches('[data-static-cell]');
      if (pointerDown.current || inCell || document.querySelector(MODAL)) return;
      setShownEngine({ focus: focusIn(staticFrame.current) });
    };
    // After the event: a click comes right after its pointerup, focus settles after a focusout.
    const check = () => {
      clearTimeout(timer);
      timer = setTimeout(trySwap);
    };
    check();
    document.addEventListener('focusin', check);
    document.addEventListener('focusout', check);
    window.addEventListener('pointerup', check, true);
    window.addEventListener('keyup', check, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('focusin', check);
      document.removeEventListener('focusout', check);
      window.removeEventListener('pointerup', check, true);
      window.removeEventListener('keyup', check, true);
    };
  }, [drawnUnseen, shownEngine]);
  // Interactions in the grid's own elements (not in a dialog a cell renders through a portal).
  const inGrid = (event: SyntheticEvent) =>
    event.target instanceof Node && Boolean(root.current?.contains(event.target));
  const onPointerDown = (event: SyntheticEvent) => {
    if (!inGrid(event)) return;
    takeOver();
    if (shownEngine || pointerDown.current) return;
    pointerDown.current = true;
    const released = () => {
      window.removeEventListener('pointerup', released, true);
      window.removeEventListener('pointercancel', released, true);
      pointerDown.current = false;
    };
    window.addEventListener('pointerup', released, true);
    window.addEventListener('pointercancel', released, true);
  };
  const onInteraction = (event: SyntheticEvent) => {
    if (inGrid(event)) takeOver();
  };
  // A new page, order or size, or other rows (a filter) than the first drawn: the user acted.
  // By the rows' ids, not the array: a caller may build a new array of the same rows each render.
  const firstKey = useRef<string | null>(null);
  useEffect(() => {
    if (rows === undefined) return;
    firstKey.current ??= pageKey;
    if (pageKey !== firstKey.current) takeOver();
  });

  const shown = columns.filter((column) => column.alwaysVisible || !hidden.includes(column.field));
  const drawing: DrawingProps<Row> = {
    rows,
    getRowId,
    shownSort,
    defaultField,
    onSortChange,
    narrow,
    selectAllLabel: labels.selectAll,
    loading,
    onNavigate,
    lastFocus,
  };
  const pageCount = Math.max(1, Math.ceil(totalItems / pageSize));
  const choosable = columns.filter((column) => !column.alwaysVisible);

  return (
    <div
      className="space-y-3"
      ref={root}
      onPointerDownCapture={onPointerDown}
      onKeyDownCapture={onInteraction}
      onFocusCapture={onInteraction}
    >
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
        <div role="region" aria-label={label} aria-busy={loading} className="relative">
          <SelectionContext.Provider value={selectionState}>
            {!shownEngine && (
              <div ref={staticFrame}>
                <StaticGrid
                  {...drawing}
                  shown={shown}
                  selection={selectionState}
                  placeholderRows={Math.min(pageSize, 10)}
                  onFocusCell={setLastFocus}
                />
              </div>
            )}
            {Engine && (
              <div
                // Unseen, out of the accessibility tree and of the focus order until shown.
                className={shownEngine ? undefined : 'invisible absolute inset-x-0 top-0'}
                aria-hidden={shownEngine ? undefined : true}
                inert={!shownEngine}
                data-grid-engine={shownEngine ? 'shown' : 'drawing'}
              >
                <Engine
                  {...drawing}
                  columns={columns}
                  hidden={hidden}
                  selecting={selection !== undefined}
                  selectionRef={selectionRef}
                  shown={shownEngine !== null}
                  focus={shownEngine?.focus ?? null}
                  onDrawn={() => setDrawnUnseen(true)}
                />
              </div>
            )}
          </SelectionContext.Provider>
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
