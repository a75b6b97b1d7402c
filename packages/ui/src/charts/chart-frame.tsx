import type { ReactNode } from 'react';
import { formatNumber } from '../format';

/*
 * A chart's frame without echarts: caption, a drawing box of its final height and the data
 * table. `ChartFigure` puts the drawing in it; a page that loads the chart lazily shows the
 * frame alone meanwhile, so nothing moves when the chart's chunk arrives.
 */

/** A chart's data: one value per category and series, the chart and its table both read it. */
export interface ChartData {
  /** Header of the categories' column, e.g. 'Jour'. */
  categoryLabel: string;
  categories: string[];
  series: { name: string; values: number[] }[];
}

/** How a value reads: in the table, the tooltip and on the value axis alike. */
export type ValueFormat = (value: number) => string;

const tableLabel = (title: string) => `${title} : tableau des valeurs`;

export interface ChartFrameProps {
  /** The figure's caption, also the table's. */
  title: string;
  data: ChartData;
  /** Height of the drawing in pixels. */
  height?: number;
  /** Shown instead of an empty chart and table. */
  empty?: ReactNode;
  /** Formats a value in the table, the tooltip and on the value axis (French numbers by default). */
  format?: ValueFormat;
  /** The drawing; none while the chart loads (its box keeps its height). */
  children?: ReactNode;
}

/**
 * A chart with its data as a table beside it: the drawing is hidden from assistive technology,
 * the table (caption, column and row headers) says the same figures to everyone.
 */
export function ChartFrame({
  title,
  data,
  height = 280,
  empty,
  format = formatNumber,
  children,
}: ChartFrameProps) {
  const none = data.categories.length === 0;
  return (
    <figure className="rounded border border-slate-200 bg-white p-4">
      <figcaption className="mb-2 font-semibold text-slate-900">{title}</figcaption>
      {none && empty ? (
        <p className="text-sm text-slate-700">{empty}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div aria-hidden="true" data-testid="chart" style={{ minHeight: height }}>
            {children}
          </div>
          {/* A top 50 scrolls: focusable, so the keyboard scrolls it too. */}
          <div
            className="max-h-80 overflow-auto"
            tabIndex={0}
            role="region"
            aria-label={tableLabel(title)}
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-1 pr-2">
                    {data.categoryLabel}
                  </th>
                  {data.series.map((serie) => (
                    <th key={serie.name} scope="col" className="py-1 pr-2 text-right">
                      {serie.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.categories.map((category, index) => (
                  <tr key={`${category}-${index}`} className="border-b border-slate-100">
                    <th scope="row" className="py-1 pr-2 font-normal wrap-anywhere">
                      {category}
                    </th>
                    {data.series.map((serie) => (
                      <td key={serie.name} className="py-1 pr-2 text-right tabular-nums">
                        {format(serie.values[index] ?? 0)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </figure>
  );
}
