import type { MouseEvent, ReactNode } from 'react';
import { CopyIcon, EyeIcon, EyeOffIcon, PencilIcon, TrashIcon } from '@portal/ui/glyphs';
import { MediaCard, MediaCardBadge } from '@portal/ui/media-card';

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
  /** Staff lists: a news item agents do not see, marked by a badge and a dashed frame. */
  hidden?: boolean;
  hiddenLabel?: string;
  className?: string;
};

/**
 * News card: image, date, title, excerpt, 'Nouveau' and 'Masquée' markers and read state, on
 * the generic `MediaCard`. A hidden item keeps full contrast (no dimming): the badge and the
 * dashed frame say it.
 */
export function NewsCard({
  date,
  read,
  now,
  recentLabel = 'Nouveau',
  unreadLabel = 'Non lue',
  hidden = false,
  hiddenLabel = 'Masquée',
  className = '',
  ...props
}: NewsCardProps) {
  const recent = isRecent(date, now);
  return (
    <MediaCard
      {...props}
      date={date}
      unread={read === false}
      unreadLabel={unreadLabel}
      className={`${hidden ? 'outline-2 outline-dashed outline-line' : ''} ${className}`}
      badges={
        recent || hidden ? (
          <>
            {hidden && <MediaCardBadge tone="neutral">{hiddenLabel}</MediaCardBadge>}
            {recent && <MediaCardBadge>{recentLabel}</MediaCardBadge>}
          </>
        ) : undefined
      }
    />
  );
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
          // Pressed (shown to agents) is filled, not only a different eye.
          className={
            displayed ? `${iconBase} bg-brand-600 text-white hover:bg-brand-700` : iconButton
          }
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
