import type { KeyboardEvent } from 'react';
import { Spinner } from './spinner';

export type MatrixAxisItem = { id: string; label: string };

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
};

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
}: CheckboxMatrixProps) {
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
    <div className="relative overflow-x-auto rounded-card bg-surface shadow-sm">
      <table className="min-w-full border-collapse text-sm" onKeyDown={onKeyDown}>
        <caption className="px-4 py-3 text-left text-base font-semibold text-ink">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-4 py-2 text-left font-medium text-muted">
              {rowHeader}
            </th>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className="px-4 py-2 text-center font-medium text-ink"
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length + 1} className="px-4 py-3 text-muted">
                {emptyLabel}
              </td>
            </tr>
          )}
          {rows.map((row, rowIndex) => (
            <tr key={row.id} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="px-4 py-2 text-left font-normal text-ink">
                {row.label}
              </th>
              {columns.map((column, columnIndex) => {
                const pending = isPending(row.id, column.id);
                const checked = isChecked(row.id, column.id);
                return (
                  <td
                    key={column.id}
                    className="px-4 py-2 text-center"
                    aria-busy={pending || undefined}
                  >
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
          ))}
        </tbody>
      </table>
    </div>
  );
}
