import type { ReactNode } from 'react';

export type RowVerdict = {
  /** The row's number in the source (a spreadsheet line). */
  line: number;
  /** The cells shown, in the order of `columns`. */
  cells: ReactNode[];
  /** What is wrong with the row; empty for a valid row. */
  errors: string[];
};

export type RowVerdictsLabels = {
  caption: string;
  line: string;
  verdict: string;
  valid: string;
};

export type RowVerdictsProps = {
  columns: string[];
  rows: RowVerdict[];
  labels: RowVerdictsLabels;
  className?: string;
};

/**
 * A file checked row by row before anything is written (an import's preview): each row with
 * its cells and either 'valid' or its errors, the rows in error marked in colour and words.
 */
export function RowVerdicts({ columns, rows, labels, className = '' }: RowVerdictsProps) {
  return (
    // Scrolls on its own: focusable so that the keyboard can scroll it too.
    <div
      role="region"
      aria-label={labels.caption}
      tabIndex={0}
      className={`max-h-96 overflow-auto rounded-lg ring-1 ring-canvas ${className}`}
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{labels.caption}</caption>
        <thead className="sticky top-0 bg-canvas">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {labels.line}
            </th>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold">
                {column}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 font-semibold">
              {labels.verdict}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const valid = row.errors.length === 0;
            return (
              <tr key={row.line} className={valid ? '' : 'bg-danger-soft'}>
                <th scope="row" className="px-3 py-2 font-normal">
                  {row.line}
                </th>
                {row.cells.map((cell, index) => (
                  // Breaks only a word too long for its line (an address), never every word.
                  <td key={columns[index] ?? index} className="px-3 py-2 break-words">
                    {cell}
                  </td>
                ))}
                <td className="px-3 py-2">
                  {valid ? (
                    <span className="font-semibold text-success">{labels.valid}</span>
                  ) : (
                    <ul className="list-disc space-y-1 pl-4 text-danger">
                      {row.errors.map((error) => (
                        <li key={error}>{error}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
