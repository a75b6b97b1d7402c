import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DocumentList } from './document-list';

const meta = {
  title: 'Données/DocumentList',
  component: DocumentList,
  args: {
    onDownload: fn(),
    labels: {
      empty: 'Aucun document.',
      download: 'Télécharger',
      addedOn: (date: string) => `ajouté le ${date}`,
    },
    groups: [
      {
        title: 'RIC (informations d’identité)',
        documents: [{ id: 1, name: 'ric-alice-durand.pdf', addedAt: '2026-11-02T10:15:00Z' }],
      },
      { title: 'DER (informations client)', documents: [] },
      {
        title: 'Autres documents',
        documents: [
          { id: 2, name: 'avis-imposition.pdf', addedAt: '2026-11-10T08:00:00Z' },
          { id: 3, name: 'justificatif.png', addedAt: '2026-11-12T16:30:00Z' },
        ],
      },
    ],
  },
} satisfies Meta<typeof DocumentList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ProspectDocuments: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText('Aucun document.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Télécharger ric-alice-durand.pdf' }));
    await expect(args.onDownload).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'ric-alice-durand.pdf' }),
    );
  },
};

export const Downloading: Story = { args: { downloading: 2 } };
