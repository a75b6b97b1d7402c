import dayjs from 'dayjs';
import type { MouseEvent, ReactNode } from 'react';
import { formatDate } from './format';
import { CopyIcon, EyeIcon, EyeOffIcon, PencilIcon, TrashIcon } from './glyphs';

const RECENT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A news item is recent when it is less than 7 days old (spec §4). A date in the future
 * (scheduled news) counts as recent; a missing or invalid date does not.
 */
export function isRecent(
  date: Date | string | null | undefined,
  now: Date | number = Date.now(),
): boolean {
  if (date === null || date === undefined || date === '') return false;
  const time = new Date(date).getTime();
  if (Number.isNaN(time)) return false;
  return new Date(now).getTime() - time < RECENT_MS;
}

export type NewsCardProps = {
  title: string;
  date: Date | string;
  imageUrl?: string | null;
  /** Alternative text of the image; empty (decorative) by default as the title follows. */
  imageAlt?: string;
  excerpt?: ReactNode;
  /** Link target of the title; the whole card is clickable. */
  href?: string;
  /** Click on the title link (or button when there is no `href`), e.g. for client routing. */
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  /** `false` marks the card unread; leave undefined where read state is irrelevant (staff). */
  read?: boolean;
  /** Reference time for the 'Nouveau' marker (tests, stories). */
  now?: Date | number;
  /** Staff actions, e.g. <NewsCardActions />. */
  actions?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  recentLabel?: string;
  unreadLabel?: string;
  className?: string;
};

/** News card: image, date, title, excerpt, 'Nouveau' marker and read state. */
export function NewsCard({
  title,
  date,
  imageUrl,
  imageAlt = '',
  excerpt,
  href,
  onClick,
  read,
  now,
  actions,
  headingLevel = 3,
  recentLabel = 'Nouveau',
  unreadLabel = 'Non lue',
  className = '',
}: NewsCardProps) {
  const Heading = `h${headingLevel}` as const;
  const recent = isRecent(date, now);
  const unread = read === false;
  // The link's ::after covers the card, so a click anywhere opens it; actions sit above it.
  const stretched =
    'after:absolute after:inset-0 after:rounded-card after:content-[""] focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-brand-600 focus-visible:after:outline-offset-2';
  const titleContent = (
    <>
      {unread && (
        <span className="mr-2 inline-block size-2.5 rounded-full bg-brand-600 align-middle">
          <span className="sr-only">{unreadLabel}</span>
        </span>
      )}
      {title}
    </>
  );

  return (
    <article
      className={`relative flex w-full flex-col overflow-hidden rounded-card bg-surface shadow-sm ring-1 ring-brand-100 hover:shadow-md ${className}`}
    >
      <div className="relative aspect-[16/9] bg-canvas">
        {imageUrl && (
          <img src={imageUrl} alt={imageAlt} loading="lazy" className="size-full object-cover" />
        )}
        {recent && (
          <span className="absolute top-3 left-3 rounded-full bg-success px-2.5 py-0.5 text-xs font-semibold text-white">
            {recentLabel}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <time dateTime={toIsoDate(date)} className="text-sm text-muted">
          {formatDate(date)}
        </time>
        <Heading
          className={`text-lg leading-snug text-ink ${unread ? 'font-bold' : 'font-semibold'}`}
        >
          {href ? (
            <a href={href} onClick={onClick} className={stretched}>
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

function toIsoDate(date: Date | string): string | undefined {
  const value = dayjs(date);
  return value.isValid() ? value.format('YYYY-MM-DD') : undefined;
}

export type NewsCardActionsProps = {
  /** Whether agents see the news; toggled by the eye button. */
  displayed?: boolean;
  onToggleDisplayed?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  onDuplicate?: () => void;
  /** Name of the news for the buttons' accessible names, e.g. 'Modifier « Titre »'. */
  itemLabel?: string;
  labels?: Partial<Record<'display' | 'edit' | 'delete' | 'duplicate', string>>;
};

const ACTION_LABELS = {
  display: 'Afficher l’actualité',
  edit: 'Modifier',
  delete: 'Supprimer',
  duplicate: 'Dupliquer',
};

const iconBase = 'inline-flex size-9 items-center justify-center rounded-lg';
const iconButton = `${iconBase} text-brand-700 hover:bg-brand-50`;

/** Staff toolbar of a news card: eye toggle (aria-pressed), edit, duplicate, delete. */
export function NewsCardActions({
  displayed = false,
  onToggleDisplayed,
  onEdit,
  onDelete,
  onDuplicate,
  itemLabel,
  labels,
}: NewsCardActionsProps) {
  const text = { ...ACTION_LABELS, ...labels };
  const name = (label: string) => (itemLabel ? `${label} « ${itemLabel} »` : label);
  return (
    <div role="group" aria-label={itemLabel} className="flex items-center gap-1">
      {onToggleDisplayed && (
        <button
          type="button"
          aria-pressed={displayed}
          aria-label={name(text.display)}
          title={text.display}
          onClick={onToggleDisplayed}
          className={iconButton}
        >
          {displayed ? <EyeIcon /> : <EyeOffIcon />}
        </button>
      )}
      {onEdit && (
        <button
          type="button"
          aria-label={name(text.edit)}
          title={text.edit}
          onClick={onEdit}
          className={iconButton}
        >
          <PencilIcon />
        </button>
      )}
      {onDuplicate && (
        <button
          type="button"
          aria-label={name(text.duplicate)}
          title={text.duplicate}
          onClick={onDuplicate}
          className={iconButton}
        >
          <CopyIcon />
        </button>
      )}
      {onDelete && (
        <button
          type="button"
          aria-label={name(text.delete)}
          title={text.delete}
          onClick={onDelete}
          className={`${iconBase} ml-auto text-danger hover:bg-danger-soft`}
        >
          <TrashIcon />
        </button>
      )}
    </div>
  );
}
