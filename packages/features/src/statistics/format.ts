import type { StatisticsFigure } from '@portal/api/statistics';

const euros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
const numbers = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** How a figure's values read in its table. */
export function formatOf(unit: StatisticsFigure['unit']): (value: number) => string {
  if (unit === 'euros') return (value) => euros.format(value);
  if (unit === 'percent') return (value) => `${numbers.format(value)} %`;
  return (value) => numbers.format(value);
}
