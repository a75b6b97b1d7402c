import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { BarChart } from './bar-chart';

const euros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});

const meta = {
  title: 'Charts/BarChart',
  component: BarChart,
  args: {
    title: 'Ventes par type',
    data: {
      categoryLabel: 'Type',
      categories: ['Assurance vie', 'SCPI', 'Pinel'],
      series: [
        { name: '2025', values: [1_250_000, 830_000, 2_400_000] },
        { name: '2026', values: [1_410_000, 760_500, 2_950_000] },
      ],
    },
    format: (value: number) => euros.format(value),
  },
} satisfies Meta<typeof BarChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two series side by side; the table says the same figures, formatted. */
export const Columns: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Ventes par type' });
    await expect(table).toHaveTextContent('SCPI830 000 €760 500 €');
    await expect(canvas.getByTestId('chart')).toHaveAttribute('aria-hidden', 'true');
  },
};

/** A ranking: long names read along the bars. */
export const Horizontal: Story = {
  args: {
    horizontal: true,
    title: 'Volumes par fournisseur',
    data: {
      categoryLabel: 'Fournisseur',
      categories: ['Generali', 'Primonial REIM', 'Swiss Life'],
      series: [{ name: 'Volume', values: [3_200_000, 2_100_000, 950_000] }],
    },
  },
  play: async ({ canvas }) => {
    const rows = canvas.getAllByRole('rowheader');
    // The table keeps the server's order (largest first) even though the bars are reversed.
    await expect(rows.map((row) => row.textContent)).toEqual([
      'Generali',
      'Primonial REIM',
      'Swiss Life',
    ]);
  },
};

const fifteen = Array.from({ length: 15 }, (_, i) => `Fournisseur ${i + 1}`);

/** A top 50 draws its first 10; the table beside says every row. */
export const TopTen: Story = {
  args: {
    horizontal: true,
    drawn: 10,
    height: 320,
    title: 'Top des fournisseurs',
    data: {
      categoryLabel: 'Fournisseur',
      categories: fifteen,
      series: [{ name: 'Volume', values: fifteen.map((_, i) => 1500 - i * 100) }],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('rowheader')).toHaveLength(15);
  },
};

/** No category: the message replaces the chart and the table. */
export const Empty: Story = {
  args: {
    data: { categoryLabel: 'Type', categories: [], series: [{ name: '2026', values: [] }] },
    empty: 'Aucune donnée pour cette année.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Aucune donnée pour cette année.')).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};
