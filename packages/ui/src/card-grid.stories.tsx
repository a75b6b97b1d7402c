import type { Meta, StoryObj } from '@storybook/react-vite';
import { useCallback, useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import { CardGrid } from './card-grid';
import { MediaCard } from './media-card';
import { placeholderImage } from './story-images';

type News = { id: number; title: string; date: string };

const ALL: News[] = Array.from({ length: 27 }, (_, i) => ({
  id: i + 1,
  title: `Actualité n° ${i + 1}`,
  date: `2025-05-${String((i % 28) + 1).padStart(2, '0')}`,
}));
const PAGE = 9;

/** Loads 9 more after a short delay, like the news list does with the API. */
function PagedGrid({ total = ALL.length }: { total?: number }) {
  const items = ALL.slice(0, total);
  const [count, setCount] = useState(Math.min(PAGE, total));
  const [loading, setLoading] = useState(false);
  const loadMore = useCallback(() => {
    setLoading(true);
    setTimeout(() => {
      setCount((value) => Math.min(value + PAGE, total));
      setLoading(false);
    }, 50);
  }, [total]);
  return (
    <CardGrid
      label="Actualités"
      items={items.slice(0, count)}
      getKey={(item) => item.id}
      hasMore={count < total}
      loading={loading}
      onLoadMore={loadMore}
      endMessage="Il n’y a plus d’actualités à afficher."
      renderItem={(item) => (
        <MediaCard
          title={item.title}
          date={item.date}
          imageUrl={placeholderImage(String(item.id), (item.id * 37) % 360)}
          href={`/news/${item.id}`}
        />
      )}
    />
  );
}

const meta = {
  title: 'Communication/CardGrid',
  component: PagedGrid,
} satisfies Meta<typeof PagedGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InfiniteLoading: Story = {
  play: async ({ canvas, userEvent }) => {
    const list = canvas.getByRole('list', { name: 'Actualités' });
    await expect(list.children.length).toBeGreaterThanOrEqual(PAGE);
    // The button is the keyboard path (the sentinel may also load pages in a browser).
    await waitFor(
      async () => {
        const button = canvas.queryByRole('button', { name: 'Charger plus' });
        if (button && !button.hasAttribute('aria-disabled')) await userEvent.click(button);
        await expect(canvas.getByText('Il n’y a plus d’actualités à afficher.')).toBeVisible();
      },
      { timeout: 3000 },
    );
    await expect(canvas.getByRole('list', { name: 'Actualités' }).children).toHaveLength(27);
    await expect(canvas.queryByRole('button', { name: 'Charger plus' })).not.toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { total: 0 },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Il n’y a pas d’images pour la sélection courante.'),
    ).toBeVisible();
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
  },
};

export const SinglePage: Story = {
  args: { total: 4 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list', { name: 'Actualités' }).children).toHaveLength(4);
    await expect(canvas.getByText('Il n’y a plus d’actualités à afficher.')).toBeVisible();
  },
};
