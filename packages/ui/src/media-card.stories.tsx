import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Button } from './button';
import { MediaCard, MediaCardBadge } from './media-card';
import { placeholderImage } from './story-images';

const meta = {
  title: 'Content/MediaCard',
  component: MediaCard,
  args: {
    title: 'Guide de la retraite 2025',
    date: '2025-06-08',
    imageUrl: placeholderImage('Retraite', 160),
    excerpt: 'Les nouveaux plafonds et les dates à retenir pour vos clients.',
    href: '/library/42',
    onNavigate: fn((event: { preventDefault: () => void }) => event.preventDefault()),
  },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof MediaCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const UnreadWithBadges: Story = {
  args: {
    unread: true,
    unreadLabel: 'Non lu',
    badges: (
      <>
        <MediaCardBadge>Nouveau</MediaCardBadge>
        <MediaCardBadge tone="neutral">PDF</MediaCardBadge>
      </>
    ),
  },
  play: async ({ args, canvas, userEvent }) => {
    const link = canvas.getByRole('link', { name: 'Non lu Guide de la retraite 2025' });
    await expect(canvas.getByText('08/06/2025')).toHaveAttribute('datetime', '2025-06-08');
    await expect(canvas.getByText('PDF')).toBeVisible();
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onNavigate).toHaveBeenCalledOnce();
  },
};

export const ReadWithActions: Story = {
  args: {
    actions: (
      <Button size="sm" variant="secondary">
        Télécharger
      </Button>
    ),
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Télécharger' })).toHaveFocus();
  },
};

export const WithoutLink: Story = {
  args: { href: undefined, imageUrl: null, date: null },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link')).not.toBeInTheDocument();
    await expect(canvas.getByRole('heading', { name: 'Guide de la retraite 2025' })).toBeVisible();
  },
};
