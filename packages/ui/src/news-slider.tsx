import { useEffect, useId, useState, type MouseEvent } from 'react';
import { formatDate } from './format';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './glyphs';
import { usePrefersReducedMotion } from './use-reduced-motion';

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
 * Auto-rotating carousel after the WAI-ARIA APG pattern: the rotation button comes first,
 * rotation pauses while the pointer or focus is inside, slides are labelled groups and only
 * the current one is reachable; `prefers-reduced-motion` turns autoplay and sliding off.
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
  const slides = items.slice(0, NEWS_SLIDER_MAX);
  const count = slides.length;
  const reducedMotion = usePrefersReducedMotion();
  const [current, setCurrent] = useState(0);
  // `stopped` is the user's choice (button); hover and focus only pause for a while.
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const baseId = useId();

  const index = count ? Math.min(current, count - 1) : 0;
  const rotating = autoplay && !reducedMotion && !stopped && count > 1;
  const running = rotating && !hovered && !focused;

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setCurrent((i) => (i + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [running, index, count, intervalMs]);

  if (count === 0) return null;

  const go = (next: number) => setCurrent((next + count) % count);
  const duration = reducedMotion ? 0 : transitionMs;

  return (
    <section
      aria-roledescription="carrousel"
      aria-label={text.carousel}
      className={`relative overflow-hidden rounded-card bg-ink ${className}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {count > 1 && (
        <div className="absolute inset-x-0 bottom-0 z-10 flex items-center justify-between gap-2 px-4 py-3 text-white">
          {/* Controls come first in the DOM (tab order), per the APG carousel pattern. */}
          {autoplay && !reducedMotion ? (
            <button
              type="button"
              aria-controls={`${baseId}-slides`}
              aria-label={stopped ? text.play : text.pause}
              onClick={() => setStopped((value) => !value)}
              className={controlClass}
            >
              {stopped ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
            </button>
          ) : (
            <span />
          )}
          <div className="flex items-center gap-2">
            <button
              type="button"
              aria-controls={`${baseId}-slides`}
              aria-label={text.previous}
              onClick={() => go(index - 1)}
              className={controlClass}
            >
              <ChevronLeftIcon className="size-4" />
            </button>
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                aria-controls={`${baseId}-slides`}
                aria-label={text.goTo(i + 1, slide.title)}
                aria-current={i === index || undefined}
                onClick={() => go(i)}
                className="flex size-8 items-center justify-center rounded-full focus-visible:outline-white"
              >
                <span
                  className={`block size-3 rounded-full border-2 border-white ${
                    i === index ? 'bg-white' : 'bg-transparent'
                  }`}
                />
              </button>
            ))}
            <button
              type="button"
              aria-controls={`${baseId}-slides`}
              aria-label={text.next}
              onClick={() => go(index + 1)}
              className={controlClass}
            >
              <ChevronRightIcon className="size-4" />
            </button>
          </div>
        </div>
      )}
      <div
        id={`${baseId}-slides`}
        // Announce slide changes only when the user makes them, never during autoplay.
        aria-live={rotating ? 'off' : 'polite'}
        className="flex"
        style={{
          transform: `translateX(-${index * 100}%)`,
          transition: `transform ${duration}ms ease-in-out`,
        }}
      >
        {slides.map((slide, i) => {
          const active = i === index;
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="diapositive"
              aria-label={text.slide(i + 1, count)}
              aria-hidden={!active || undefined}
              inert={!active}
              className="relative w-full shrink-0"
            >
              <div className="aspect-[16/9] max-h-[28rem] w-full bg-canvas sm:aspect-[21/9]">
                {slide.imageUrl && (
                  <img
                    src={slide.imageUrl}
                    alt={slide.imageAlt ?? ''}
                    className="size-full object-cover"
                  />
                )}
              </div>
              <div className="bg-ink px-6 pt-4 pb-14 text-white">
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
            </div>
          );
        })}
      </div>
    </section>
  );
}

const controlClass =
  'flex size-8 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/30 focus-visible:outline-white';
