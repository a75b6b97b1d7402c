import { describe, expect, it } from 'vitest';
import { barChartOption } from './bar-chart';

const data = {
  categoryLabel: 'Page',
  categories: Array.from({ length: 15 }, (_, i) => `Page ${i + 1}`),
  series: [{ name: 'Vues', values: Array.from({ length: 15 }, (_, i) => 150 - i) }],
};

describe('barChartOption', () => {
  it('draws every category by default, in the data order', () => {
    const option = barChartOption(data);
    expect(option.xAxis).toMatchObject({ type: 'category', data: data.categories });
    expect(option.series[0]!.data).toEqual(data.series[0]!.values);
  });

  it('draws the first `drawn` categories of a top list, the first at the top', () => {
    const option = barChartOption(data, { horizontal: true, drawn: 10 });
    const axis = option.yAxis as { data: string[] };
    expect(axis.data).toHaveLength(10);
    expect(axis.data.at(-1)).toBe('Page 1');
    expect(axis.data[0]).toBe('Page 10');
    expect(option.series[0]!.data).toEqual([141, 142, 143, 144, 145, 146, 147, 148, 149, 150]);
  });
});
