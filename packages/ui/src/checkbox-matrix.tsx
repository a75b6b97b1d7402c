import { type KeyboardEvent, useId, useState } from 'react';
import { Spinner } from './spinner';

export type MatrixAxisItem = {
  id: string;
  label: string;
  /** Rows with the same group are shown together under its label (first-seen order). */
  group?: string;
};

export type CheckboxMatrixProps = {
  /** Visible title of the grid, also its accessible name. */
  caption: string;
  rows: MatrixAxisItem[];
  columns: MatrixAxisItem[];
  isChecked: (rowId: string, columnId: string) => boolean;
  /** A cell whose change is being saved: disabled, with a spinner. */
  isPending?: (rowId: string, columnId: string) => boolean;
  isDisabled?: (rowId: string, columnId: string) => boolean;
  onToggle: (rowId: string, columnId: string, checked: boolean) => void;
  /** Header of the row-label column. */
  rowHeader?: string;
  emptyLabel?: string;
  /** Label of a search box that filters the rows by label or group; no box without it. */
  searchLabel?: string;
  /** Shown when the search leaves no row. */
  noMatchLabel?: string;
};

/** Lower case without accents, so 'equipe' finds 'Équipes du réseau'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The rows in groups of consecutive-or-not rows sharing `group`, in first-seen order. */
export function groupRows(rows: MatrixAxisItem[]): { group?: string; rows: MatrixAxisItem[] }[] {
  const groups = new Map<string | undefined, MatrixAxisItem[]>();
  for (const row of rows) {
    const list = groups.get(row.group);
    if (list) list.push(row);
    else groups.set(row.group, [row]);
  }
  return [...groups].map(([group, list]) => ({ group, rows: list }));
}

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * A table of checkboxes, one per row × column. Each checkbox is named "row — column" so a
 * screen reader user knows what it toggles; arrow keys move between cells.
 */
export function CheckboxMatrix({
  caption,
  rows,
  columns,
  isChecked,
  isPending = () => false,
  isDisabled = () => false,
  onToggle,
  rowHeader = '',
  emptyLabel = 'Aucune donnée.',
  searchLabel,
  noMatchLabel = 'Aucun résultat.',
}: CheckboxMatrixProps) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const needle = fold(query.trim());
  const shown = needle
    ? rows.filter((row) => fold(`${row.group ?? ''} ${row.label}`).includes(needle))
    : rows;
  const groups = groupRows(shown);
  // Row indexes follow the order on screen, so the arrow keys move to the cell one sees.
  const indexOf = new Map(
    groups.flatMap((group) => group.rows).map((row, index) => [row.id, index]),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const move = ARROWS[event.key];
    const target = event.target as HTMLElement;
    const row = Number(target.dataset.row);
    const column = Number(target.dataset.column);
    if (!move || Number.isNaN(row) || Number.isNaN(column)) return;
    const next = event.currentTarget.querySelector<HTMLInputElement>(
      `input[data-row="${row + move[0]}"][data-column="${column + move[1]}"]`,
    );
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  return (
    <div className="rounded-card bg-surface shadow-sm">
      {searchLabel && (
        <div className="flex flex-wrap items-center gap-2 px-4 pt-3">
          <label htmlFor={searchId} className="text-sm font-medium text-ink">
            {searchLabel}
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="h-9 w-full max-w-xs rounded-lg border border-slate-300 bg-surface px-3 text-sm text-ink"
          />
        </div>
      )}
      {/* Its own scroll region (both ways): the column headers and the row labels stay in
          view while scrolling through a hundred rows. */}
      <div data-scroll-region className="relative max-h-[70vh] overflow-auto">
        <table
          className="min-w-full border-separate border-spacing-0 text-sm"
          onKeyDown={onKeyDown}
        >
          <caption className="px-4 py-3 text-left text-base font-semibold text-ink">
            {caption}
          </caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky top-0 left-0 z-20 border-b border-slate-200 bg-surface px-4 py-2 text-left font-medium text-muted"
              >
                {rowHeader}
              </th>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className="sticky top-0 z-10 border-b border-slate-200 bg-surface px-4 py-2 text-center font-medium text-ink"
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          {rows.length === 0 || shown.length === 0 ? (
            <tbody>
              <tr>
                <td colSpan={columns.length + 1} className="px-4 py-3 text-muted">
                  {rows.length === 0 ? emptyLabel : noMatchLabel}
                </td>
              </tr>
            </tbody>
          ) : (
            groups.map((group) => (
              <tbody key={group.group ?? ''}>
                {group.group !== undefined && (
                  <tr>
                    <th
                      scope="rowgroup"
                      colSpan={columns.length + 1}
                      className="border-b border-slate-200 bg-canvas px-4 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase"
                    >
                      {group.group}
                    </th>
                  </tr>
                )}
                {group.rows.map((row) => (
                  <MatrixRow
                    key={row.id}
                    row={row}
                    rowIndex={indexOf.get(row.id) ?? 0}
                    columns={columns}
                    isChecked={isChecked}
                    isPending={isPending}
                    isDisabled={isDisabled}
                    onToggle={onToggle}
                  />
                ))}
              </tbody>
            ))
          )}
        </table>
      </div>
    </div>
  );
}

function MatrixRow({
  row,
  rowIndex,
  columns,
  isChecked,
  isPending,
  isDisabled,
  onToggle,
}: Required<
  Pick<CheckboxMatrixProps, 'columns' | 'isChecked' | 'isPending' | 'isDisabled' | 'onToggle'>
> & {
  row: MatrixAxisItem;
  rowIndex: number;
}) {
  return (
    <tr className="[&>*]:border-b [&>*]:border-slate-100">
      <th scope="row" className="sticky left-0 bg-surface px-4 py-2 text-left font-normal text-ink">
        {row.label}
      </th>
      {columns.map((column, columnIndex) => {
        const pending = isPending(row.id, column.id);
        const checked = isChecked(row.id, column.id);
        return (
          <td key={column.id} className="px-4 py-2 text-center" aria-busy={pending || undefined}>
            <span className="inline-flex items-center gap-1">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                aria-label={`${row.label} — ${column.label}`}
                data-row={rowIndex}
                data-column={columnIndex}
                checked={checked}
                disabled={pending || isDisabled(row.id, column.id)}
                onChange={() => onToggle(row.id, column.id, !checked)}
              />
              {pending && <Spinner className="size-3 text-brand-600" />}
            </span>
          </td>
        );
      })}
    </tr>
  );
}
