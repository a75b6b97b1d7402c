import { describe, expect, it } from 'vitest';
import { formatEuro } from '../format';
import { barChartOption } from './bar-chart';
import { lineChartOption } from './line-chart';
import { pieChartOption } from './pie-chart';

// fr-FR as the tables say it (Intl): U+202F between digit groups, U+00A0 before € and %.
const NNBSP = '\u202f';
const NBSP = '\u00a0';

type Formatter = (value: number) => string;
const months = ['Janvier', 'Février', 'Mars', 'Avril', 'Mai', 'Juin'];
const months12 = [...months, 'Juillet', 'Août', 'Septembre', 'Octobre', 'Novembre', 'Décembre'];
const data = {
  categoryLabel: 'Mois',
  categories: months12,
  series: [{ name: 'Montant', values: months12.map((_, i) => (i + 1) * 1_000_000) }],
};

const axisLabel = (axis: unknown) =>
  (axis as { axisLabel: { formatter: Formatter } }).axisLabel.formatter;
const tooltip = (option: { tooltip?: unknown }) =>
  (option.tooltip as { valueFormatter: Formatter }).valueFormatter;

describe('charts speak fr-FR like their tables', () => {
  it('bars: the value axis and the tooltip in French digits by default', () => {
    const option = barChartOption(data);
    expect(axisLabel(option.yAxis)(1_000_000)).toBe(`1${NNBSP}000${NNBSP}000`);
    expect(tooltip(option)(1_234_567.5)).toBe(`1${NNBSP}234${NNBSP}567,5`);
  });

  it('bars: the table’s format (euros) on the axis and in the tooltip', () => {
    const option = barChartOption(data, { horizontal: true, format: formatEuro });
    expect(axisLabel(option.xAxis)(1_000_000)).toBe(`1${NNBSP}000${NNBSP}000${NBSP}€`);
    expect(tooltip(option)(2_400_000)).toBe(`2${NNBSP}400${NNBSP}000${NBSP}€`);
    // The value axis of a ranking hides the labels that would overlap.
    expect(option.xAxis).toMatchObject({ axisLabel: { hideOverlap: true } });
  });

  it('bars by month: every month named, slanted so none is clipped or overlaps', () => {
    const option = barChartOption(data);
    expect(option.xAxis).toMatchObject({ axisLabel: { interval: 0, rotate: 45 } });
    // A few categories stay level.
    const few = barChartOption({ ...data, categories: months.slice(0, 3) });
    expect(few.xAxis).toMatchObject({ axisLabel: { rotate: 0 } });
  });

  it('lines: the value axis and the tooltip in French digits', () => {
    const option = lineChartOption({ ...data, categories: months });
    expect(axisLabel(option.yAxis)(1_000_000)).toBe(`1${NNBSP}000${NNBSP}000`);
    expect(tooltip(option)(1_000_000)).toBe(`1${NNBSP}000${NNBSP}000`);
  });

  it('pie: the shares as French percentages, the tooltip in the table’s format', () => {
    const option = pieChartOption(
      { categoryLabel: 'Statut', categories: ['Acté'], series: [{ name: 'Ventes', values: [64] }] },
      formatEuro,
    );
    const label = option.series[0]!.label.formatter as (params: {
      name: string;
      percent: number;
    }) => string;
    expect(label({ name: 'Acté', percent: 78.21 })).toBe(`Acté : 78,21${NBSP}%`);
    expect(tooltip(option)(64)).toBe(`64${NBSP}€`);
  });
});
