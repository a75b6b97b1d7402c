import { LineChart as Lines } from 'echarts/charts';
import { ChartFigure, CARTESIAN_BASE, echarts, type ChartFigureProps } from './chart-figure';

echarts.use([Lines]);

export type LineChartProps = Omit<ChartFigureProps, 'option'>;

/** A line per series over the categories (days), with the data table beside. */
export function LineChart(props: LineChartProps) {
  const { data } = props;
  const option = {
    ...CARTESIAN_BASE,
    grid: { ...CARTESIAN_BASE.grid, right: data.series.length > 1 ? 150 : 16 },
    xAxis: { type: 'category', data: data.categories, boundaryGap: false },
    yAxis: { type: 'value', minInterval: 1 },
    series: data.series.map((serie) => ({
      type: 'line',
      name: serie.name,
      data: serie.values,
      symbolSize: 6,
      // Each line names itself at its end: no legend module to load (the table names them too).
      endLabel: data.series.length > 1 ? { show: true, formatter: '{a}' } : undefined,
    })),
  };
  return <ChartFigure {...props} option={option} />;
}
