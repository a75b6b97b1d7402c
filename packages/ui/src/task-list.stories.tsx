import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from './button';
import { TaskList } from './task-list';

const meta = {
  title: 'Data/TaskList',
  component: TaskList,
  args: {
    label: 'Demandes de dispatch',
    emptyLabel: 'Aucune demande',
    entries: [
      {
        key: '3',
        title: 'factures-novembre.zip · correspondance.xlsx',
        meta: 'Envoyée le 25/11/2026 à 09:12',
        status: { label: 'En attente', tone: 'neutral' },
        actions: <Button size="sm">Exécuter</Button>,
      },
      {
        key: '2',
        title: 'factures-octobre.zip · correspondance.xlsx',
        meta: 'Envoyée le 25/10/2026 à 09:03',
        status: { label: 'En cours', tone: 'info' },
        progress: { done: 120, total: 200, label: '120 / 200 fichiers' },
      },
      {
        key: '1',
        title: 'factures-septembre.zip · correspondance.xlsx',
        meta: 'Envoyée le 25/09/2026 · terminée le 25/09/2026 à 09:04',
        status: { label: 'Complétée', tone: 'success' },
        detail: <p className="text-sm">198 classées, 2 refusées</p>,
      },
      {
        key: '0',
        title: 'factures-aout.zip · correspondance.xlsx',
        status: { label: 'Erreur', tone: 'error' },
        detail: <p className="text-sm text-danger">L'archive des factures est introuvable.</p>,
      },
    ],
  },
} satisfies Meta<typeof TaskList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Requests: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('value', '60');
    await expect(canvas.getByText('En attente')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { entries: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Aucune demande')).toBeVisible();
  },
};
