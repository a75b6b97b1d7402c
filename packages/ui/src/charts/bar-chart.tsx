import { BarChart as Bars } from 'echarts/charts';
import { formatNumber } from '../format';
import {
  ChartFigure,
  cartesianBase,
  echarts,
  valueAxisOf,
  type ChartFigureProps,
} from './chart-figure';

echarts.use([Bars]);

export type BarChartProps = Omit<ChartFigureProps, 'option'> & {
  /** Horizontal bars (a top list: long names read along the bars). */
  horizontal?: boolean;
  /** Draws only the first categories (a top 10 of a list of 50); the table keeps them all. */
  drawn?: number;
};

/** Columns side by side up to this many categories keep level labels; more are slanted. */
const LEVEL_LABELS = 4;

/** The echarts option of a bar chart: the first `drawn` categories, in reading order. */
export function barChartOption(
  data: ChartFigureProps['data'],
  {
    horizontal = false,
    drawn,
    format = formatNumber,
  }: Pick<BarChartProps, 'horizontal' | 'drawn' | 'format'> = {},
) {
  const categories = data.categories.slice(0, drawn);
  const slanted = !horizontal && categories.length > LEVEL_LABELS;
  // Horizontal bars are drawn from the bottom up: reversed, the first reads at the top.
  const ordered = <T,>(values: T[]) => (horizontal ? [...values].reverse() : values);
  const categoryAxis = {
    type: 'category',
    data: ordered(categories),
    axisLabel: horizontal
      ? { width: 140, overflow: 'truncate' }
      : // Twelve months under columns: each named, slanted, none clipped nor skipped.
        {
          interval: 0,
          rotate: slanted ? 45 : 0,
          width: 100,
          overflow: 'truncate',
        },
  };
  // Amounts read along a ranking's bars: three steps leave room for '100 000 000 €'.
  const valueAxis = horizontal ? { ...valueAxisOf(format), splitNumber: 3 } : valueAxisOf(format);
  const base = cartesianBase(format);
  return {
    ...base,
    // Room for 'Septembre' slanted (echarts' own estimate of its box falls a few pixels short).
    grid: slanted ? { ...base.grid, bottom: 72 } : base.grid,
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: data.series.map((serie) => ({
      type: 'bar',
      name: serie.name,
      data: ordered(serie.values.slice(0, drawn)),
    })),
  };
}

/** Bars per category, one colour per series, with the data table beside. */
export function BarChart({ horizontal = false, drawn, ...props }: BarChartProps) {
  return (
    <ChartFigure
      {...props}
      option={barChartOption(props.data, { horizontal, drawn, format: props.format })}
    />
  );
}
