import { useEffect, useId, useState, type Key, type ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './glyphs';
import { usePrefersReducedMotion } from './use-reduced-motion';

export type CarouselLabels<T> = {
  /** Accessible name of the carousel region. */
  carousel: string;
  previous: string;
  next: string;
  pause: string;
  play: string;
  /** Name of a slide, e.g. (1, 3) => '1 sur 3'. */
  slide: (position: number, total: number) => string;
  /** Name of a dot, e.g. (1, item) => `Afficher l’actualité 1 : ${item.title}`. */
  goTo: (position: number, item: T) => string;
};

export type CarouselProps<T> = {
  items: readonly T[];
  getKey: (item: T) => Key;
  /** A slide's content; the controls overlay its bottom edge (keep ~3.5rem free there). */
  renderSlide: (item: T, state: { index: number; active: boolean }) => ReactNode;
  labels: CarouselLabels<T>;
  /** Only the first `maxItems` are shown. */
  maxItems?: number;
  autoplay?: boolean;
  intervalMs?: number;
  transitionMs?: number;
  className?: string;
};

/**
 * Auto-rotating carousel after the WAI-ARIA APG pattern: the rotation button comes first,
 * rotation pauses while the pointer or focus is inside, slides are labelled groups and only
 * the current one is reachable (the others are inert); `prefers-reduced-motion` turns
 * autoplay and sliding off. Controls are white on the slides' dark (`bg-ink`) background.
 */
export function Carousel<T>({
  items,
  getKey,
  renderSlide,
  labels,
  maxItems,
  autoplay = true,
  intervalMs = 5000,
  transitionMs = 400,
  className = '',
}: CarouselProps<T>) {
  const slides = maxItems === undefined ? items : items.slice(0, maxItems);
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
  const slidesId = `${baseId}-slides`;

  return (
    <section
      aria-roledescription="carrousel"
      aria-label={labels.carousel}
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
              aria-controls={slidesId}
              aria-label={stopped ? labels.play : labels.pause}
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
              aria-controls={slidesId}
              aria-label={labels.previous}
              onClick={() => go(index - 1)}
              className={controlClass}
            >
              <ChevronLeftIcon className="size-4" />
            </button>
            {slides.map((slide, i) => (
              <button
                key={getKey(slide)}
                type="button"
                aria-controls={slidesId}
                aria-label={labels.goTo(i + 1, slide)}
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
              aria-controls={slidesId}
              aria-label={labels.next}
              onClick={() => go(index + 1)}
              className={controlClass}
            >
              <ChevronRightIcon className="size-4" />
            </button>
          </div>
        </div>
      )}
      <div
        id={slidesId}
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
              key={getKey(slide)}
              role="group"
              aria-roledescription="diapositive"
              aria-label={labels.slide(i + 1, count)}
              aria-hidden={!active || undefined}
              inert={!active}
              className="relative w-full shrink-0"
            >
              {renderSlide(slide, { index: i, active })}
            </div>
          );
        })}
      </div>
    </section>
  );
}

const controlClass =
  'flex size-8 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/30 focus-visible:outline-white';
