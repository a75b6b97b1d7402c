import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button } from './button';
import { StepDialog } from './step-dialog';

type Step = { id: number; title: string; paragraphs: number };

const steps: Step[] = [
  { id: 1, title: 'Bienvenue sur le portail', paragraphs: 12 },
  { id: 2, title: 'Vos clients', paragraphs: 2 },
];

function StepDemo({
  onNext,
  onDismiss,
  onFinish,
}: {
  onNext: (step: Step) => void;
  onDismiss: (remaining: Step[]) => void;
  onFinish: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Découvrir</Button>
      <StepDialog
        open={open}
        items={steps}
        getKey={(step) => step.id}
        getTitle={(step) => step.title}
        labels={{
          close: 'Fermer',
          progress: (position, total) => `Étape ${position} sur ${total}`,
        }}
        renderBody={(step) =>
          Array.from({ length: step.paragraphs }, (_, i) => (
            <p key={i} className="text-sm">
              Paragraphe {i + 1} de la présentation « {step.title} ».
            </p>
          ))
        }
        renderActions={({ item, next, dismiss }) => (
          <>
            <Button variant="ghost" onClick={dismiss} className="mr-auto">
              Plus tard
            </Button>
            <Button
              onClick={() => {
                onNext(item);
                next();
              }}
            >
              Suivant
            </Button>
          </>
        )}
        onDismiss={(remaining) => {
          onDismiss(remaining);
          setOpen(false);
        }}
        onFinish={() => {
          onFinish();
          setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Overlays/StepDialog',
  component: StepDemo,
  args: { onNext: fn(), onDismiss: fn(), onFinish: fn() },
} satisfies Meta<typeof StepDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const StepsThrough: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const opener = canvas.getByRole('button', { name: 'Découvrir' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Bienvenue sur le portail' });
    await expect(dialog).toHaveAccessibleDescription('Étape 1 sur 2');
    // The scrolling body is a named region reachable with Tab (axe scrollable-region-focusable).
    const body = screen.getByRole('region', { name: 'Bienvenue sur le portail' });
    await expect(body).toHaveAttribute('tabindex', '0');
    await userEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('dialog', { name: 'Vos clients' });
    await userEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    await expect(args.onNext).toHaveBeenCalledTimes(2);
    await expect(args.onFinish).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

export const EscapeDismisses: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Découvrir' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await expect(args.onDismiss).toHaveBeenCalledWith(steps);
    await expect(args.onFinish).not.toHaveBeenCalled();
  },
};

export const OpenOnFirstStep: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Découvrir' }));
    await screen.findByRole('region', { name: 'Bienvenue sur le portail' });
  },
};
