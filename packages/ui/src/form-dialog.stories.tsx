import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type FormEvent } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Alert } from './alert';
import { Button } from './button';
import { FormDialog, type FormDialogProps } from './form-dialog';
import { TextField } from './text-field';

type DemoProps = Omit<FormDialogProps, 'open' | 'onClose' | 'onSubmit' | 'children'> & {
  onSave: (title: string) => void;
  startOpen?: boolean;
};

function FormDemo({ onSave, startOpen = false, ...props }: DemoProps) {
  const [open, setOpen] = useState(startOpen);
  const [error, setError] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const title = String(new FormData(event.currentTarget).get('title') ?? '');
    if (!title) {
      setError('Ce champ est obligatoire.');
      return;
    }
    onSave(title);
    setOpen(false);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Nouveau profil</Button>
      <FormDialog {...props} open={open} onClose={() => setOpen(false)} onSubmit={submit}>
        <TextField label="Nom du profil" name="title" required error={error || undefined} />
      </FormDialog>
    </>
  );
}

const meta = {
  title: 'Overlays/FormDialog',
  component: FormDemo,
  args: {
    title: 'Nouveau profil',
    submitLabel: 'Enregistrer',
    cancelLabel: 'Annuler',
    onSave: fn(),
  },
} satisfies Meta<typeof FormDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SubmitOnEnter: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const opener = canvas.getByRole('button', { name: 'Nouveau profil' });
    await userEvent.click(opener);
    const field = await screen.findByRole('textbox', { name: 'Nom du profil' });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(field).toHaveAccessibleDescription('Ce champ est obligatoire.');
    await userEvent.type(field, 'Conseiller senior{Enter}');
    await expect(args.onSave).toHaveBeenCalledWith('Conseiller senior');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

export const Pending: Story = {
  args: { pending: true, startOpen: true },
  play: async () => {
    await screen.findByRole('dialog', { name: 'Nouveau profil' });
    await expect(screen.getByRole('button', { name: 'Annuler' })).toBeDisabled();
    await expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  },
};

export const WithError: Story = {
  args: {
    startOpen: true,
    error: <Alert variant="error">Le profil n’a pas pu être enregistré.</Alert>,
  },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent(
      'Le profil n’a pas pu être enregistré.',
    );
  },
};
