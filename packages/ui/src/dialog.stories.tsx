import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, waitFor } from 'storybook/test';
import { Button } from './button';
import { Dialog, type DialogProps } from './dialog';

type DemoProps = Omit<DialogProps, 'open' | 'onClose' | 'actions'>;

function DialogDemo(props: DemoProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Ouvrir</Button>
      <Dialog
        {...props}
        open={open}
        onClose={close}
        actions={
          <>
            <Button variant="secondary" onClick={close}>
              Annuler
            </Button>
            <Button variant="danger" onClick={close}>
              Supprimer
            </Button>
          </>
        }
      />
    </>
  );
}

const meta = {
  title: 'Overlays/Dialog',
  component: DialogDemo,
  args: {
    title: 'Supprimer le document ?',
    description: 'Cette action est définitive.',
  },
} satisfies Meta<typeof DialogDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EscapeCloses: Story = {
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Ouvrir' });
    await userEvent.click(trigger);

    // The panel is portalled to <body>, outside the story canvas.
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le document ?' });
    await expect(dialog).toHaveAccessibleDescription('Cette action est définitive.');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const ActionCloses: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Ouvrir' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await screen.findByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  },
};

export const WithContent: Story = {
  args: {
    title: 'Conditions générales',
    description: undefined,
    children: (
      <p className="text-sm">Le contenu du dialogue peut être un formulaire ou un texte long.</p>
    ),
  },
};
