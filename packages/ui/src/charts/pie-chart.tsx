import { PieChart as Pie } from 'echarts/charts';
import { formatNumber, formatPercent } from '../format';
import {
  CHART_COLORS,
  ChartFigure,
  echarts,
  tooltipOf,
  type ChartFigureProps,
  type ValueFormat,
} from './chart-figure';

echarts.use([Pie]);

export type PieChartProps = Omit<ChartFigureProps, 'option'>;

/** The echarts option of a pie: each share as a French percentage, the values in `format`. */
export function pieChartOption(data: ChartFigureProps['data'], format: ValueFormat = formatNumber) {
  const values = data.series[0]?.values ?? [];
  return {
    color: CHART_COLORS,
    tooltip: tooltipOf('item', format),
    series: [
      {
        type: 'pie',
        name: data.series[0]?.name,
        radius: ['40%', '70%'],
        data: data.categories.map((name, index) => ({ name, value: values[index] ?? 0 })),
        // echarts' '{d} %' would say '78.21 %'.
        label: {
          formatter: ({ name, percent }: { name: string; percent: number }) =>
            `${name} : ${formatPercent(percent)}`,
        },
      },
    ],
  };
}

/** The shares of the categories in the first series (a split), with the data table beside. */
export function PieChart(props: PieChartProps) {
  return <ChartFigure {...props} option={pieChartOption(props.data, props.format)} />;
}
