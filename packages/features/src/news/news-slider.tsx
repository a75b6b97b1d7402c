import type { MouseEvent } from 'react';
import { Carousel } from '@portal/ui/carousel';
import { formatDate } from '@portal/ui/format';

/** Spec §9: at most 3 news in the carousel, a new one every 5 s, sliding in 400 ms. */
export const NEWS_SLIDER_MAX = 3;
export const NEWS_SLIDER_INTERVAL_MS = 5000;
export const NEWS_SLIDER_TRANSITION_MS = 400;

export type NewsSlide = {
  id: string | number;
  title: string;
  imageUrl?: string | null;
  imageAlt?: string;
  date?: Date | string | null;
  excerpt?: string;
  href?: string;
};

/**
 * A slide's boxes: the picture's (its aspect ratio) and the caption's, tall enough for a date, a
 * title on two lines and the two-line excerpt, so that the slider drawn while the news load
 * (`NewsSliderPlaceholder`) takes the place the news then take.
 */
const PICTURE_BOX = 'aspect-[16/9] max-h-[28rem] w-full bg-canvas sm:aspect-[21/9]';
const CAPTION_BOX = 'min-h-48 bg-ink px-6 pt-4 pb-14 text-white';

/** The slider's place while its news load: the first slide's boxes, empty. */
export function NewsSliderPlaceholder({ label }: { label: string }) {
  return (
    <div role="status" className="overflow-hidden rounded-card bg-ink">
      <div className={PICTURE_BOX} />
      <div className={CAPTION_BOX}>
        <span className="sr-only">{label}</span>
      </div>
    </div>
  );
}

export type NewsSliderLabels = {
  carousel: string;
  previous: string;
  next: string;
  pause: string;
  play: string;
  slide: (position: number, total: number) => string;
  goTo: (position: number, title: string) => string;
};

const LABELS: NewsSliderLabels = {
  carousel: 'Actualités à la une',
  previous: 'Actualité précédente',
  next: 'Actualité suivante',
  pause: 'Arrêter le défilement automatique',
  play: 'Lancer le défilement automatique',
  slide: (position, total) => `${position} sur ${total}`,
  goTo: (position, title) => `Afficher l’actualité ${position} : ${title}`,
};

export type NewsSliderProps = {
  /** Only the first 3 are shown. */
  items: readonly NewsSlide[];
  /** Click on a slide's title link (client routing…). */
  onOpen?: (item: NewsSlide, event: MouseEvent<HTMLElement>) => void;
  autoplay?: boolean;
  intervalMs?: number;
  transitionMs?: number;
  labels?: Partial<NewsSliderLabels>;
  className?: string;
};

/**
 * News carousel (spec §9): at most 3 news, 5000 ms autoplay, 400 ms slide.
 * To be moved into packages/features (home/news) by the lead: it is now a thin composition
 * of the generic `Carousel` of `@portal/ui/carousel`, with the same props as before.
 */
export function NewsSlider({
  items,
  onOpen,
  autoplay = true,
  intervalMs = NEWS_SLIDER_INTERVAL_MS,
  transitionMs = NEWS_SLIDER_TRANSITION_MS,
  labels,
  className = '',
}: NewsSliderProps) {
  const text = { ...LABELS, ...labels };
  return (
    <Carousel
      items={items}
      maxItems={NEWS_SLIDER_MAX}
      getKey={(slide) => slide.id}
      autoplay={autoplay}
      intervalMs={intervalMs}
      transitionMs={transitionMs}
      className={className}
      labels={{ ...text, goTo: (position, slide) => text.goTo(position, slide.title) }}
      renderSlide={(slide, { index }) => (
        <>
          <div className={PICTURE_BOX}>
            {slide.imageUrl && (
              <img
                src={slide.imageUrl}
                alt={slide.imageAlt ?? ''}
                // The first picture is the largest thing on the agent's home: it goes first,
                // the next slides' (out of view until the carousel turns) after it.
                fetchPriority={index === 0 ? 'high' : 'low'}
                className="size-full object-cover"
              />
            )}
          </div>
          <div className={CAPTION_BOX}>
            {slide.date && <p className="text-sm">{formatDate(slide.date)}</p>}
            <h3 className="text-xl font-semibold">
              {slide.href || onOpen ? (
                <a
                  href={slide.href}
                  onClick={(event) => onOpen?.(slide, event)}
                  className="underline-offset-4 hover:underline focus-visible:outline-white"
                >
                  {slide.title}
                </a>
              ) : (
                slide.title
              )}
            </h3>
            {slide.excerpt && <p className="mt-1 line-clamp-2 text-sm">{slide.excerpt}</p>}
          </div>
        </>
      )}
    />
  );
}
