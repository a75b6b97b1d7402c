import type { ComponentType, ReactNode } from 'react';
import { ChevronRightIcon } from './glyphs';

export type BreadcrumbItem = {
  /** Stable key (a folder id, a year…). */
  key: string;
  label: string;
  /** Where the crumb leads; the last crumb is the current page and has none. */
  href?: string;
};

/** What a custom link receives, e.g. a router's <Link> for navigation without reload. */
export type BreadcrumbLinkProps = { href: string; className: string; children: ReactNode };

export type BreadcrumbsProps = {
  items: BreadcrumbItem[];
  /** Accessible name of the navigation landmark, e.g. 'Fil d’Ariane'. */
  label: string;
  linkComponent?: ComponentType<BreadcrumbLinkProps>;
  className?: string;
};

function PlainLink({ children, ...props }: BreadcrumbLinkProps) {
  return <a {...props}>{children}</a>;
}

/**
 * Where the user is in a tree (library folders, invoice years and months): each level links
 * back up, the last one is the current page (`aria-current`).
 */
export function Breadcrumbs({
  items,
  label,
  linkComponent: LinkComponent = PlainLink,
  className = '',
}: BreadcrumbsProps) {
  return (
    <nav aria-label={label} className={className}>
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.key} className="flex items-center gap-1">
              {index > 0 && <ChevronRightIcon className="size-4 text-muted" />}
              {last || !item.href ? (
                <span
                  aria-current={last ? 'page' : undefined}
                  className={last ? 'font-semibold text-ink' : 'text-muted'}
                >
                  {item.label}
                </span>
              ) : (
                <LinkComponent
                  href={item.href}
                  className="rounded text-brand-700 underline-offset-2 hover:underline"
                >
                  {item.label}
                </LinkComponent>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
