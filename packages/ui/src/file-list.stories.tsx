import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Button } from './button';
import { FileList } from './file-list';

const open = fn();

const meta = {
  title: 'Data/FileList',
  component: FileList,
  args: {
    label: 'Contenu du dossier',
    emptyLabel: 'Aucun fichier',
    entries: [
      { key: 'f1', kind: 'folder', name: 'Directives 2026', href: '#1' },
      { key: 'f2', kind: 'folder', name: 'Modèles', href: '#2' },
      {
        key: 'm1',
        kind: 'file',
        name: 'Questionnaire d’adéquation.pdf',
        meta: '120 Ko · 20/11/2026',
        badge: 'Nouveau',
        onOpen: open,
        actions: (
          <Button size="sm" variant="ghost">
            Télécharger
          </Button>
        ),
      },
      {
        key: 'm2',
        kind: 'file',
        name: 'Charte graphique.pdf',
        meta: '2 Mo · 02/09/2026',
        onOpen: open,
      },
    ],
  },
} satisfies Meta<typeof FileList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FoldersThenFiles: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('link', { name: 'Directives 2026' })).toBeInTheDocument();
    await expect(canvas.getByText('Nouveau')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Questionnaire d’adéquation.pdf' }));
    await expect(open).toHaveBeenCalled();
  },
};

/** A search: the matching passage under the name. */
export const SearchResult: Story = {
  args: {
    entries: [
      {
        key: 'm1',
        kind: 'file',
        name: 'Réglementaire 2.pdf',
        meta: 'Réglementaire',
        detail: (
          <>
            Le questionnaire d’<mark>adéquation</mark> et la lutte contre le blanchiment…
          </>
        ),
        onOpen: open,
      },
    ],
  },
};

/** Opened from a copied link: the linked file is marked. */
export const LinkedFile: Story = {
  args: {
    entries: [
      { key: 'm1', kind: 'file', name: 'Charte graphique.pdf', meta: '2 Mo', onOpen: open },
      {
        key: 'm2',
        kind: 'file',
        name: 'Questionnaire d’adéquation.pdf',
        meta: '120 Ko',
        onOpen: open,
        highlighted: true,
      },
    ],
  },
  play: async ({ canvas }) => {
    const items = canvas.getAllByRole('listitem');
    await expect(items[1]).toHaveAttribute('aria-current', 'true');
    await expect(items[0]).not.toHaveAttribute('aria-current');
  },
};

export const Empty: Story = { args: { entries: [] } };
