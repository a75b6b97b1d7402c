import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { NotificationBell, type NotificationItem } from './notification-bell';

const items: NotificationItem[] = [
  {
    id: 1,
    title: 'Nouvelle actualité',
    description: 'La convention 2025 est annoncée.',
    date: '2025-06-02',
  },
  {
    id: 2,
    title: 'Rappel',
    description: 'Pensez à mettre à jour vos habilitations.',
    date: '2025-05-30',
  },
  { id: 3, title: 'Documents', description: 'Votre relevé de commissions est disponible.' },
];

const meta = {
  title: 'Communication/NotificationBell',
  component: NotificationBell,
  args: { items, onOpen: fn(), onMarkAll: fn() },
  decorators: [(Story) => <div className="flex h-96 justify-end">{Story()}</div>],
} satisfies Meta<typeof NotificationBell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OpenAndClick: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const bell = canvas.getByRole('button', { name: 'Notifications, 3 non lues' });
    await expect(bell).toHaveTextContent('3');
    await userEvent.click(bell);
    await expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeVisible();
    await expect(screen.getByText('02/06/2025')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /Rappel/ }));
    await expect(args.onOpen).toHaveBeenCalledWith(items[1]);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Notifications' })).not.toBeInTheDocument(),
    );
  },
};

export const MarkAllAndEscape: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const bell = canvas.getByRole('button', { name: 'Notifications, 3 non lues' });
    await userEvent.click(bell);
    await userEvent.click(await screen.findByRole('button', { name: 'Tout marquer comme lu' }));
    await expect(args.onMarkAll).toHaveBeenCalledOnce();
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Notifications' })).not.toBeInTheDocument(),
    );
    await expect(bell).toHaveFocus();
  },
};

export const ManyUnread: Story = {
  args: { unreadCount: 99 },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('button', { name: 'Notifications, 99+ non lues' }),
    ).toHaveTextContent('99+');
  },
};

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvas, userEvent }) => {
    const bell = canvas.getByRole('button', { name: 'Notifications' });
    await expect(bell).toHaveTextContent('');
    await userEvent.click(bell);
    await expect(
      await screen.findByText('Vous n’avez aucune nouvelle notification.'),
    ).toBeVisible();
    await expect(
      screen.queryByRole('button', { name: 'Tout marquer comme lu' }),
    ).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { items: [], unreadCount: 0, loading: true },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Notifications' }));
    await expect(await screen.findByText('Chargement…')).toBeVisible();
  },
};
