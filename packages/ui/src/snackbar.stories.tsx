import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Button } from './button';
import { hideSnackbar, showSnackbar, SnackbarHost } from './snackbar';

function SnackbarDemo() {
  return (
    <div className="flex flex-wrap gap-3">
      <Button onClick={() => showSnackbar('Profil enregistré.', 'success')}>Succès</Button>
      <Button variant="secondary" onClick={() => showSnackbar('Nouvelle version disponible.')}>
        Information
      </Button>
      <Button variant="danger" onClick={() => showSnackbar('Échec de l’envoi.', 'error')}>
        Erreur
      </Button>
      <SnackbarHost />
    </div>
  );
}

const meta = {
  title: 'Retours/Snackbar',
  component: SnackbarDemo,
  // The store is global: start every story empty.
  beforeEach: () => {
    hideSnackbar();
  },
} satisfies Meta<typeof SnackbarDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ReplacesMessage: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Succès' }));
    const region = canvas.getByRole('status');
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(region).toHaveTextContent('Profil enregistré.');

    // At most one snackbar: the new message replaces the previous one.
    await userEvent.click(canvas.getByRole('button', { name: 'Erreur' }));
    await expect(region).toHaveTextContent('Échec de l’envoi.');
    await expect(region).not.toHaveTextContent('Profil enregistré.');
    await expect(canvas.getAllByRole('button', { name: 'Fermer' })).toHaveLength(1);
  },
};

export const CloseButton: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Information' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(canvas.getByRole('status')).toBeEmptyDOMElement());
  },
};
