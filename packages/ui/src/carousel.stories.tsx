import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Carousel, type CarouselProps } from './carousel';
import { placeholderImage } from './story-images';

type Slide = { id: number; title: string; image: string };

const slides: Slide[] = ['Assurance vie', 'Épargne retraite', 'Immobilier', 'Prévoyance'].map(
  (title, i) => ({ id: i + 1, title, image: placeholderImage(title, 120 + i * 50) }),
);

const labels: CarouselProps<Slide>['labels'] = {
  carousel: 'Offres à la une',
  previous: 'Offre précédente',
  next: 'Offre suivante',
  pause: 'Arrêter le défilement automatique',
  play: 'Lancer le défilement automatique',
  slide: (position, total) => `${position} sur ${total}`,
  goTo: (position, slide) => `Afficher l’offre ${position} : ${slide.title}`,
};

function CarouselDemo(props: Partial<CarouselProps<Slide>>) {
  return (
    <div className="max-w-2xl">
      <Carousel
        items={slides}
        getKey={(slide) => slide.id}
        labels={labels}
        renderSlide={(slide) => (
          <>
            <img src={slide.image} alt="" className="aspect-[16/9] w-full object-cover" />
            <p className="bg-ink px-6 pt-4 pb-14 text-xl font-semibold text-white">
              <a href={`#offre-${slide.id}`} className="focus-visible:outline-white">
                {slide.title}
              </a>
            </p>
          </>
        )}
        {...props}
      />
    </div>
  );
}

const meta = {
  title: 'Content/Carousel',
  component: CarouselDemo,
  args: { maxItems: 3 },
} satisfies Meta<typeof CarouselDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const KeyboardControls: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('region', { name: 'Offres à la une' })).toBeVisible();
    await expect(canvas.getAllByRole('group', { hidden: true })).toHaveLength(3);
    await userEvent.tab();
    const pause = canvas.getByRole('button', { name: 'Arrêter le défilement automatique' });
    await expect(pause).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(
      canvas.getByRole('button', { name: 'Lancer le défilement automatique' }),
    ).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Offre suivante' }));
    await waitFor(() =>
      expect(canvas.getByRole('group', { name: '2 sur 3' })).not.toHaveAttribute('aria-hidden'),
    );
    // Only the current slide's link is reachable.
    await expect(canvas.getAllByRole('link')).toHaveLength(1);
    await expect(canvas.getByRole('link')).toHaveTextContent('Épargne retraite');
  },
};

export const AllItems: Story = { args: { maxItems: undefined, autoplay: false } };
