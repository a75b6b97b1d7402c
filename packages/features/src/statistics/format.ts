import type { StatisticsFigure } from '@portal/api/statistics';
import { formatEuro } from '@portal/ui/format';

const numbers = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** How a figure's values read in its table, and on its chart's axis and tooltip. */
export function formatOf(unit: StatisticsFigure['unit']): (value: number) => string {
  if (unit === 'euros') return formatEuro;
  if (unit === 'percent') return (value) => `${numbers.format(value)} %`;
  return (value) => numbers.format(value);
}
