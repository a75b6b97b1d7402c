import type { ReactNode } from 'react';

const HEADING_CLASS = {
  1: 'text-2xl font-semibold text-ink',
  2: 'text-lg font-semibold text-ink',
  3: 'text-base font-semibold text-ink',
} as const;

const HEADINGS = { 1: 'h1', 2: 'h2', 3: 'h3' } as const;

/** A page's title row: the h1, and its action at the far end. */
export const PAGE_HEADER = 'flex flex-wrap items-center justify-between gap-3';

export type TitledSectionProps = {
  /** The heading's id: the section's accessible name (`aria-labelledby`). */
  id: string;
  title: ReactNode;
  /** h1 (a page's title, focusable for the focus move after navigation), h2 or h3. */
  level?: 1 | 2 | 3;
  /** A line under the heading. */
  intro?: ReactNode;
  /** Beside the heading (a page's action). */
  aside?: ReactNode;
  /** Given, the heading, intro and aside share a row or block of this class. */
  header?: string;
  className?: string;
  titleClassName?: string;
  introClassName?: string;
  children?: ReactNode;
};

/**
 * A section named by its heading: a page (h1) or one of its cards (h2, h3), its intro line and
 * what stands beside the heading, then the content.
 */
export function TitledSection({
  id,
  title,
  level = 2,
  intro,
  aside,
  header,
  className,
  titleClassName = HEADING_CLASS[level],
  introClassName = 'text-sm text-muted',
  children,
}: TitledSectionProps) {
  const Heading = HEADINGS[level];
  const head = (
    <>
      <Heading id={id} tabIndex={level === 1 ? -1 : undefined} className={titleClassName}>
        {title}
      </Heading>
      {intro && <p className={introClassName}>{intro}</p>}
      {aside}
    </>
  );
  return (
    <section aria-labelledby={id} className={className}>
      {header === undefined ? head : <div className={header}>{head}</div>}
      {children}
    </section>
  );
}

/** A titled card (the account page and its forms, the agent detail), with an optional intro. */
export function InfoCard({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <TitledSection
      id={id}
      title={title}
      intro={intro}
      introClassName="mt-1 text-sm text-muted"
      className="rounded-card bg-surface p-4 shadow-sm sm:p-6"
    >
      <div className="mt-4">{children}</div>
    </TitledSection>
  );
}
