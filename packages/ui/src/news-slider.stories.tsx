import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { NewsSlider, type NewsSlide } from './news-slider';
import { placeholderImage } from './story-images';

const slides: NewsSlide[] = [
  { id: 1, title: 'Convention 2025', date: '2025-06-02', href: '/news/1' },
  { id: 2, title: 'Nouveau partenaire assurance', date: '2025-05-28', href: '/news/2' },
  { id: 3, title: 'Résultats du trimestre', date: '2025-05-20', href: '/news/3' },
  { id: 4, title: 'Quatrième actualité (jamais affichée)', date: '2025-05-10', href: '/news/4' },
].map((slide, i) => ({ ...slide, imageUrl: placeholderImage(slide.title, 200 + i * 40) }));

const meta = {
  title: 'Communication/NewsSlider',
  component: NewsSlider,
  args: {
    items: slides,
    onOpen: fn((_item: NewsSlide, event: { preventDefault: () => void }) => event.preventDefault()),
  },
  decorators: [(Story) => <div className="max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof NewsSlider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Controls: Story = {
  play: async ({ canvas, userEvent }) => {
    const carousel = canvas.getByRole('region', { name: 'Actualités à la une' });
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carrousel');
    // At most 3 slides, whatever the caller passes.
    await expect(canvas.getAllByRole('group', { hidden: true })).toHaveLength(3);
    await expect(
      canvas.queryByText('Quatrième actualité (jamais affichée)'),
    ).not.toBeInTheDocument();
    await expect(canvas.getByRole('group', { name: '1 sur 3' })).toBeVisible();

    // The rotation control comes first in the tab order.
    await userEvent.tab();
    const pause = canvas.getByRole('button', { name: 'Arrêter le défilement automatique' });
    await expect(pause).toHaveFocus();
    await userEvent.click(pause);
    await expect(
      canvas.getByRole('button', { name: 'Lancer le défilement automatique' }),
    ).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Actualité suivante' }));
    await waitFor(() =>
      expect(canvas.getByRole('group', { name: '2 sur 3' })).not.toHaveAttribute('aria-hidden'),
    );
    await expect(canvas.getByRole('link', { name: 'Nouveau partenaire assurance' })).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Actualité précédente' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Actualité précédente' }));
    await waitFor(() =>
      expect(canvas.getByRole('group', { name: '3 sur 3' })).not.toHaveAttribute('aria-hidden'),
    );

    const dot = canvas.getByRole('button', { name: 'Afficher l’actualité 1 : Convention 2025' });
    await userEvent.click(dot);
    await expect(dot).toHaveAttribute('aria-current', 'true');
    // Hidden slides are inert: only the current title link can be reached.
    await expect(canvas.getAllByRole('link')).toHaveLength(1);
  },
};

export const OpensNews: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Convention 2025' }));
    await expect(args.onOpen).toHaveBeenCalledWith(slides[0], expect.anything());
  },
};

export const SingleSlide: Story = {
  args: { items: slides.slice(0, 1) },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};
