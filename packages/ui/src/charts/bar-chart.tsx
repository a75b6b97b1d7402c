import { BarChart as Bars } from 'echarts/charts';
import { ChartFigure, CARTESIAN_BASE, echarts, type ChartFigureProps } from './chart-figure';

echarts.use([Bars]);

export type BarChartProps = Omit<ChartFigureProps, 'option'> & {
  /** Horizontal bars (a top list: long names read along the bars). */
  horizontal?: boolean;
};

/** Bars per category, one colour per series, with the data table beside. */
export function BarChart({ horizontal = false, ...props }: BarChartProps) {
  const { data } = props;
  const categoryAxis = {
    type: 'category',
    data: horizontal ? [...data.categories].reverse() : data.categories,
    axisLabel: { width: 140, overflow: 'truncate' },
  };
  const valueAxis = { type: 'value', minInterval: 1 };
  const option = {
    ...CARTESIAN_BASE,
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: data.series.map((serie) => ({
      type: 'bar',
      name: serie.name,
      data: horizontal ? [...serie.values].reverse() : serie.values,
    })),
  };
  return <ChartFigure {...props} option={option} />;
}
