import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { NewsCard, NewsCardActions } from './news-card';
import { placeholderImage } from './story-images';

const NOW = new Date('2025-06-10T12:00:00');

const meta = {
  title: 'Communication/NewsCard',
  component: NewsCard,
  args: {
    title: 'Nouvelle offre SCPI',
    date: '2025-06-08',
    now: NOW,
    imageUrl: placeholderImage('SCPI', 200),
    excerpt: 'Découvrez la nouvelle offre de placement immobilier disponible pour vos clients.',
    href: '/news/12',
    onClick: fn((event: { preventDefault: () => void }) => event.preventDefault()),
  },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof NewsCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const RecentUnread: Story = {
  args: { read: false },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Nouveau')).toBeVisible();
    await expect(canvas.getByText('08/06/2025')).toHaveAttribute('datetime', '2025-06-08');
    const link = canvas.getByRole('link', { name: 'Non lue Nouvelle offre SCPI' });
    await expect(link).toHaveAttribute('href', '/news/12');
    await userEvent.click(link);
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const OldAndRead: Story = {
  args: { date: '2025-05-01', read: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText('Nouveau')).not.toBeInTheDocument();
    await expect(canvas.queryByText('Non lue')).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Nouvelle offre SCPI' })).toBeVisible();
  },
};

function StaffCard() {
  const [displayed, setDisplayed] = useState(true);
  return (
    <NewsCard
      title="Séminaire annuel"
      date="2025-06-01"
      now={NOW}
      imageUrl={placeholderImage('Séminaire', 30)}
      href="/communication/news/4"
      actions={
        <NewsCardActions
          itemLabel="Séminaire annuel"
          displayed={displayed}
          onToggleDisplayed={() => setDisplayed((value) => !value)}
          onEdit={fn()}
          onDuplicate={fn()}
          onDelete={fn()}
        />
      }
    />
  );
}

export const StaffActions: Story = {
  render: () => <StaffCard />,
  play: async ({ canvas, userEvent }) => {
    const eye = canvas.getByRole('button', { name: 'Afficher l’actualité « Séminaire annuel »' });
    await expect(eye).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(eye);
    await expect(eye).toHaveAttribute('aria-pressed', 'false');
    // Keyboard: Tab from the title link reaches the actions in order.
    canvas.getByRole('link', { name: 'Séminaire annuel' }).focus();
    await userEvent.tab();
    await expect(eye).toHaveFocus();
    await userEvent.tab();
    await expect(
      canvas.getByRole('button', { name: 'Modifier « Séminaire annuel »' }),
    ).toHaveFocus();
    await expect(
      canvas.getByRole('button', { name: 'Dupliquer « Séminaire annuel »' }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Supprimer « Séminaire annuel »' }),
    ).toBeVisible();
  },
};
