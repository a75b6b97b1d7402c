import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { LineChart } from './line-chart';

const MONTHS = ['Janvier', 'Février', 'Mars', 'Avril', 'Mai', 'Juin'];

const meta = {
  title: 'Charts/LineChart',
  component: LineChart,
  args: {
    title: 'Activité des mandataires par mois',
    data: {
      categoryLabel: 'Mois',
      categories: MONTHS,
      series: [
        { name: 'Mandataires ayant vendu', values: [112, 98, 131, 125, 140, 118] },
        { name: 'Mandataires connectés', values: [201, 187, 230, 228, 241, 219] },
      ],
    },
  },
} satisfies Meta<typeof LineChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two lines, each named at its end (no legend module); the table names them in its header. */
export const TwoSeries: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Activité des mandataires par mois' });
    await expect(canvas.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Mois',
      'Mandataires ayant vendu',
      'Mandataires connectés',
    ]);
    await expect(table).toHaveTextContent('Mars131230');
  },
};

/** A rate: the values formatted as percentages in the table. */
export const Percentages: Story = {
  args: {
    title: 'Taux UC par mois (%)',
    data: {
      categoryLabel: 'Mois',
      categories: MONTHS,
      series: [{ name: 'Taux UC', values: [31.5, 28, 35.2, 40.1, 38.7, 36] }],
    },
    format: (value: number) => `${value.toLocaleString('fr-FR')} %`,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Taux UC par mois (%)' })).toHaveTextContent(
      'Mars35,2 %',
    );
  },
};
