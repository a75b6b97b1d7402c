import { PieChart as Pie } from 'echarts/charts';
import { CHART_COLORS, ChartFigure, echarts, type ChartFigureProps } from './chart-figure';

echarts.use([Pie]);

export type PieChartProps = Omit<ChartFigureProps, 'option'>;

/** The shares of the categories in the first series (a split), with the data table beside. */
export function PieChart(props: PieChartProps) {
  const { data } = props;
  const values = data.series[0]?.values ?? [];
  const option = {
    color: CHART_COLORS,
    tooltip: { trigger: 'item' },
    series: [
      {
        type: 'pie',
        name: data.series[0]?.name,
        radius: ['40%', '70%'],
        data: data.categories.map((name, index) => ({ name, value: values[index] ?? 0 })),
        label: { formatter: '{b} : {d} %' },
      },
    ],
  };
  return <ChartFigure {...props} option={option} />;
}
