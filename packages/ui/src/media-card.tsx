import dayjs from 'dayjs';
import type { MouseEvent, ReactNode } from 'react';
import { isPlainLeftClick } from './button-link';
import { formatDate } from './format';

export type MediaCardProps = {
  title: string;
  date?: Date | string | null;
  imageUrl?: string | null;
  /** Alternative text of the image; empty (decorative) by default as the title follows. */
  imageAlt?: string;
  excerpt?: ReactNode;
  /** Link target of the title; the whole card is clickable. */
  href?: string;
  /** Any click on the title link (or button when there is no `href`). */
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  /** Plain left clicks on the link only, for a client router (`event.preventDefault()`). */
  onNavigate?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** Markers over the image's top-left corner, e.g. <MediaCardBadge>Nouveau</MediaCardBadge>. */
  badges?: ReactNode;
  /** Shows the unread dot before the title, named by `unreadLabel` for screen readers. */
  unread?: boolean;
  unreadLabel?: string;
  /** Buttons under the excerpt; they sit above the stretched link. */
  actions?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  className?: string;
};

/** Card with image, date, title, excerpt, markers and actions; the title link covers the card. */
export function MediaCard({
  title,
  date,
  imageUrl,
  imageAlt = '',
  excerpt,
  href,
  onClick,
  onNavigate,
  badges,
  unread = false,
  unreadLabel,
  actions,
  headingLevel = 3,
  className = '',
}: MediaCardProps) {
  const Heading = `h${headingLevel}` as const;
  // The link's ::after covers the card, so a click anywhere opens it; actions sit above it.
  const stretched =
    'after:absolute after:inset-0 after:rounded-card after:content-[""] focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-brand-600 focus-visible:after:outline-offset-2';
  const titleContent = (
    <>
      {unread && (
        <span className="mr-2 inline-block size-2.5 rounded-full bg-brand-600 align-middle">
          {unreadLabel && <span className="sr-only">{unreadLabel}</span>}
        </span>
      )}
      {title}
    </>
  );
  const isoDay = date ? toIsoDate(date) : undefined;

  return (
    <article
      className={`relative flex w-full flex-col overflow-hidden rounded-card bg-surface shadow-sm ring-1 ring-brand-100 hover:shadow-md ${className}`}
    >
      <div className="relative aspect-[16/9] bg-canvas">
        {imageUrl && (
          <img src={imageUrl} alt={imageAlt} loading="lazy" className="size-full object-cover" />
        )}
        {badges && <div className="absolute top-3 left-3 flex flex-wrap gap-2">{badges}</div>}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {date && (
          <time dateTime={isoDay} className="text-sm text-muted">
            {formatDate(date)}
          </time>
        )}
        <Heading
          className={`text-lg leading-snug text-ink ${unread ? 'font-bold' : 'font-semibold'}`}
        >
          {href ? (
            <a
              href={href}
              onClick={(event) => {
                onClick?.(event);
                if (onNavigate && isPlainLeftClick(event)) onNavigate(event);
              }}
              className={stretched}
            >
              {titleContent}
            </a>
          ) : onClick ? (
            <button type="button" onClick={onClick} className={`text-left ${stretched}`}>
              {titleContent}
            </button>
          ) : (
            titleContent
          )}
        </Heading>
        {excerpt && <div className="line-clamp-3 text-sm text-muted">{excerpt}</div>}
        {actions && <div className="relative z-10 mt-auto pt-2">{actions}</div>}
      </div>
    </article>
  );
}

const badgeTones = {
  success: 'bg-success text-white',
  brand: 'bg-brand-600 text-white',
  neutral: 'bg-ink text-white',
} as const;

/** A pill for `MediaCard`'s `badges` (white text on a dark token: above 4.5:1). */
export function MediaCardBadge({
  tone = 'success',
  children,
}: {
  tone?: keyof typeof badgeTones;
  children: ReactNode;
}) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeTones[tone]}`}>
      {children}
    </span>
  );
}

function toIsoDate(date: Date | string): string | undefined {
  const value = dayjs(date);
  return value.isValid() ? value.format('YYYY-MM-DD') : undefined;
}
