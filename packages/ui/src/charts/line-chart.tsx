import { LineChart as Lines } from 'echarts/charts';
import { formatNumber } from '../format';
import {
  ChartFigure,
  cartesianBase,
  echarts,
  valueAxisOf,
  type ChartFigureProps,
  type ValueFormat,
} from './chart-figure';

echarts.use([Lines]);

export type LineChartProps = Omit<ChartFigureProps, 'option'>;

/** The echarts option of a line chart: a line per series, its values in `format`. */
export function lineChartOption(
  data: ChartFigureProps['data'],
  format: ValueFormat = formatNumber,
) {
  const base = cartesianBase(format);
  return {
    ...base,
    grid: { ...base.grid, right: data.series.length > 1 ? 150 : 16 },
    xAxis: { type: 'category', data: data.categories, boundaryGap: false },
    yAxis: valueAxisOf(format),
    series: data.series.map((serie) => ({
      type: 'line',
      name: serie.name,
      data: serie.values,
      symbolSize: 6,
      // Each line names itself at its end: no legend module to load (the table names them too).
      endLabel: data.series.length > 1 ? { show: true, formatter: '{a}' } : undefined,
    })),
  };
}

/** A line per series over the categories (days), with the data table beside. */
export function LineChart(props: LineChartProps) {
  return <ChartFigure {...props} option={lineChartOption(props.data, props.format)} />;
}
