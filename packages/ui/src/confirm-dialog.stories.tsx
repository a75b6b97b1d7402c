import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button } from './button';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

type DemoProps = Omit<ConfirmDialogProps, 'open' | 'onClose'> & { startOpen?: boolean };

function ConfirmDemo({ startOpen = false, onConfirm, ...props }: DemoProps) {
  const [open, setOpen] = useState(startOpen);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Supprimer le profil
      </Button>
      <ConfirmDialog
        {...props}
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={() => {
          onConfirm();
          if (!props.pending) setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDemo,
  args: {
    title: 'Supprimer le profil ?',
    message: 'Le profil « Conseiller junior » sera supprimé définitivement.',
    confirmLabel: 'Supprimer',
    cancelLabel: 'Annuler',
    destructive: true,
    onConfirm: fn(),
  },
} satisfies Meta<typeof ConfirmDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FocusOnCancel: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const opener = canvas.getByRole('button', { name: 'Supprimer le profil' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le profil ?' });
    await expect(dialog).toHaveAccessibleDescription(
      'Le profil « Conseiller junior » sera supprimé définitivement.',
    );
    // The safe choice has focus: Enter right away cancels.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Annuler' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

export const Confirms: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const opener = canvas.getByRole('button', { name: 'Supprimer le profil' });
    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

export const Pending: Story = {
  args: { pending: true, startOpen: true },
  play: async ({ userEvent }) => {
    const dialog = await screen.findByRole('dialog');
    await expect(screen.getByRole('button', { name: 'Annuler' })).toBeDisabled();
    await expect(screen.getByRole('button', { name: 'Supprimer' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(dialog).toBeInTheDocument();
  },
};

export const NotDestructive: Story = {
  args: {
    title: 'Publier l’actualité ?',
    message: 'Elle sera visible par tous les conseillers.',
    confirmLabel: 'Publier',
    destructive: false,
    startOpen: true,
  },
};
