import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
// The ES module build: the CommonJS `lib/core` default import is an object once bundled.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { ChartFrame, type ChartData, type ChartFrameProps, type ValueFormat } from './chart-frame';

/*
 * The charts' shared core: echarts' core, the grid and tooltip, and the SVG renderer
 * (no canvas: crisp at any zoom, and readable in jsdom tests). Each chart type is its own module
 * (`bar-chart.tsx`, `line-chart.tsx`, `pie-chart.tsx`) registering only its series, imported by
 * the lazy pages that draw it: echarts never enters the signed-in frame.
 */
echarts.use([GridComponent, TooltipComponent, SVGRenderer]);

export { echarts };
export type { ChartData, ValueFormat };

/** Colours with at least 3:1 contrast on white, told apart by hue and lightness. */
export const CHART_COLORS = ['#1d4ed8', '#c2410c', '#047857', '#7c3aed', '#be123c', '#0f766e'];

export type ChartFigureProps = Omit<ChartFrameProps, 'children'> & {
  /** The echarts option drawn from `data` by the chart module. */
  option: Record<string, unknown>;
};

/**
 * A chart with its data as a table beside it: the drawing is hidden from assistive technology,
 * the table (caption, column and row headers) says the same figures to everyone.
 */
export function ChartFigure({ option, height = 280, ...props }: ChartFigureProps) {
  return (
    <ChartFrame {...props} height={height}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        style={{ height, width: '100%' }}
        opts={{ renderer: 'svg', locale: 'FR' }}
      />
    </ChartFrame>
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
