import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button } from './button';
import { NewsPopup, type NewsPopupItem } from './news-popup';
import { placeholderImage } from './story-images';

const items: NewsPopupItem[] = [
  {
    id: 1,
    title: 'Convention 2025',
    content:
      '<p>Rendez-vous à <strong>Lyon</strong> les 12 et 13 juin.</p><img src=x onerror="window.__xss=1">',
    imageUrl: placeholderImage('Convention', 210),
  },
  { id: 2, title: 'Nouveau partenaire', content: 'Ligne 1\nLigne 2' },
  { id: 3, title: 'Résultats du trimestre', content: '<p>Le réseau progresse de 12 %.</p>' },
];

type DemoProps = {
  onRead: (item: NewsPopupItem) => void;
  onPostpone: (item: NewsPopupItem) => void;
  onPostponeAll: (remaining: NewsPopupItem[]) => void;
  onFinish: () => void;
};

function PopupDemo({ onRead, onPostpone, onPostponeAll, onFinish }: DemoProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Se connecter</Button>
      <NewsPopup
        open={open}
        items={items}
        onRead={onRead}
        onPostpone={onPostpone}
        onPostponeAll={(remaining) => {
          onPostponeAll(remaining);
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
  // Rich HTML: the story runner renders it under jsdom (DOMPurify needs a faithful DOM).
  parameters: { testEnvironment: 'jsdom' },
  title: 'Communication/NewsPopup',
  component: PopupDemo,
  args: { onRead: fn(), onPostpone: fn(), onPostponeAll: fn(), onFinish: fn() },
} satisfies Meta<typeof PopupDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OneByOne: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Se connecter' }));
    const first = await screen.findByRole('dialog', { name: 'Convention 2025' });
    await expect(first).toHaveAccessibleDescription('1 / 3');
    await expect(screen.getByText('Lyon')).toBeVisible();
    await expect(first.innerHTML).not.toMatch(/onerror/);

    await userEvent.click(screen.getByRole('button', { name: 'Lu' }));
    await expect(args.onRead).toHaveBeenCalledWith(items[0]);
    const second = await screen.findByRole('dialog', { name: 'Nouveau partenaire' });
    await expect(second).toHaveAccessibleDescription('2 / 3');

    await userEvent.click(screen.getByRole('button', { name: 'Reporter' }));
    await expect(args.onPostpone).toHaveBeenCalledWith(items[1]);
    await screen.findByRole('dialog', { name: 'Résultats du trimestre' });

    await userEvent.click(screen.getByRole('button', { name: 'Lu' }));
    await expect(args.onRead).toHaveBeenLastCalledWith(items[2]);
    await expect(args.onFinish).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onPostponeAll).not.toHaveBeenCalled();
  },
};

export const PostponeAll: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Se connecter' }));
    await screen.findByRole('dialog', { name: 'Convention 2025' });
    await userEvent.click(screen.getByRole('button', { name: 'Lu' }));
    await screen.findByRole('dialog', { name: 'Nouveau partenaire' });
    await userEvent.click(screen.getByRole('button', { name: 'Reporter tout' }));
    await expect(args.onPostponeAll).toHaveBeenCalledWith([items[1], items[2]]);
    await expect(args.onFinish).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const EscapePostponesAll: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Se connecter' }));
    await screen.findByRole('dialog', { name: 'Convention 2025' });
    await userEvent.keyboard('{Escape}');
    await expect(args.onPostponeAll).toHaveBeenCalledWith(items);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};
