import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
// The ES module build: the CommonJS `lib/core` default import is an object once bundled.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { ReactNode } from 'react';
import { formatNumber } from '../format';

/*
 * The charts' shared core: echarts' core, the grid and tooltip, and the SVG renderer
 * (no canvas: crisp at any zoom, and readable in jsdom tests). Each chart type is its own module
 * (`bar-chart.tsx`, `line-chart.tsx`, `pie-chart.tsx`) registering only its series, imported by
 * the lazy pages that draw it: echarts never enters the signed-in frame.
 */
echarts.use([GridComponent, TooltipComponent, SVGRenderer]);

export { echarts };

/** A chart's data: one value per category and series, the chart and its table both read it. */
export interface ChartData {
  /** Header of the categories' column, e.g. 'Jour'. */
  categoryLabel: string;
  categories: string[];
  series: { name: string; values: number[] }[];
}

/** How a value reads: in the table, the tooltip and on the value axis alike. */
export type ValueFormat = (value: number) => string;

/** Colours with at least 3:1 contrast on white, told apart by hue and lightness. */
export const CHART_COLORS = ['#1d4ed8', '#c2410c', '#047857', '#7c3aed', '#be123c', '#0f766e'];

const tableLabel = (title: string) => `${title} : tableau des valeurs`;

export interface ChartFigureProps {
  /** The figure's caption, also the table's. */
  title: string;
  data: ChartData;
  /** The echarts option drawn from `data` by the chart module. */
  option: Record<string, unknown>;
  /** Height of the drawing in pixels. */
  height?: number;
  /** Shown instead of an empty chart and table. */
  empty?: ReactNode;
  /** Formats a value in the table, the tooltip and on the value axis (French numbers by default). */
  format?: ValueFormat;
}

/**
 * A chart with its data as a table beside it: the drawing is hidden from assistive technology,
 * the table (caption, column and row headers) says the same figures to everyone.
 */
export function ChartFigure({
  title,
  data,
  option,
  height = 280,
  empty,
  format = formatNumber,
}: ChartFigureProps) {
  const none = data.categories.length === 0;
  return (
    <figure className="rounded border border-slate-200 bg-white p-4">
      <figcaption className="mb-2 font-semibold text-slate-900">{title}</figcaption>
      {none && empty ? (
        <p className="text-sm text-slate-700">{empty}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div aria-hidden="true" data-testid="chart">
            <ReactEChartsCore
              echarts={echarts}
              option={option}
              notMerge
              style={{ height, width: '100%' }}
              opts={{ renderer: 'svg', locale: 'FR' }}
            />
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

/** The tooltip's values in the table's format (echarts' own would say '1,000,000'). */
export const tooltipOf = (trigger: 'axis' | 'item', format: ValueFormat) => ({
  trigger,
  valueFormatter: (value: unknown) => (typeof value === 'number' ? format(value) : ''),
});

/**
 * The value axis in the table's format; labels that would overlap (long amounts on a narrow
 * chart) are hidden rather than drawn over each other.
 */
export const valueAxisOf = (format: ValueFormat) => ({
  type: 'value',
  minInterval: 1,
  axisLabel: { formatter: (value: number) => format(value), hideOverlap: true },
});

/** The colours, tooltip and grid every cartesian chart shares (echarts 6 keeps the axis labels inside). */
export const cartesianBase = (format: ValueFormat) => ({
  color: CHART_COLORS,
  tooltip: tooltipOf('axis', format),
  // Room under the axis for its labels: echarts' estimate of their box is a few pixels short.
  grid: { left: 8, right: 16, top: 16, bottom: 24 },
});
