import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PieChart } from './pie-chart';

const meta = {
  title: 'Charts/PieChart',
  component: PieChart,
  args: {
    title: 'Ventes optionnées dans l’année par statut',
    data: {
      categoryLabel: 'Statut',
      categories: ['Acté', 'Financé', 'Optionné', 'Réservé', 'VNR', 'Désisté'],
      series: [{ name: 'Ventes', values: [64, 22, 31, 40, 6, 17] }],
    },
  },
} satisfies Meta<typeof PieChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A split: the shares drawn, the counts in the table. */
export const Split: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Ventes optionnées dans l’année par statut' });
    await expect(table).toHaveTextContent('Réservé40');
    await expect(canvas.getAllByRole('rowheader')).toHaveLength(6);
  },
};
