import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Breadcrumbs } from './breadcrumbs';

const meta = {
  title: 'Navigation/Breadcrumbs',
  component: Breadcrumbs,
  args: {
    label: 'Fil d’Ariane',
    items: [
      { key: 'root', label: 'Bibliothèque', href: '#bibliotheque' },
      { key: '12', label: 'Réglementaire', href: '#12' },
      { key: '31', label: 'Directives 2026' },
    ],
  },
} satisfies Meta<typeof Breadcrumbs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LibraryFolder: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Réglementaire' })).toHaveAttribute(
      'href',
      '#12',
    );
    await expect(canvas.getByText('Directives 2026')).toHaveAttribute('aria-current', 'page');
  },
};

/** The invoices' year and month levels use the same crumbs. */
export const InvoiceMonth: Story = {
  args: {
    items: [
      { key: 'root', label: 'Mes Factures', href: '#factures' },
      { key: '2026', label: '2026', href: '#2026' },
      { key: '2026-03', label: 'Mars' },
    ],
  },
};

export const Root: Story = { args: { items: [{ key: 'root', label: 'Bibliothèque' }] } };
