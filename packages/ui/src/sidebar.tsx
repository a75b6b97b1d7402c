import {
  type ComponentType,
  type KeyboardEvent,
  type ReactNode,
  useId,
  useRef,
  useState,
} from 'react';

export type SidebarItem = {
  id: string;
  label: string;
  href: string;
  /** Opens in a new tab (rel noopener) instead of navigating inside the app. */
  external?: boolean;
};

export type SidebarSection = {
  id: string;
  /** Optional heading of the group. */
  title?: string;
  items: SidebarItem[];
};

/** What a custom link receives, e.g. a router's <Link> for navigation without reload. */
export type SidebarLinkProps = {
  href: string;
  className: string;
  'aria-current'?: 'page';
  onClick?: () => void;
  children: ReactNode;
};

export type SidebarProps = {
  sections: SidebarSection[];
  /** The href of the current page, marked with aria-current. */
  activeHref?: string;
  /** Accessible name of the navigation landmark. */
  label?: string;
  /** Text of the button that shows the menu on small screens. */
  toggleLabel?: string;
  newTabLabel?: string;
  linkComponent?: ComponentType<SidebarLinkProps>;
  /** Extra classes of the landmark, e.g. to keep it in view on long pages. */
  className?: string;
};

const itemClass =
  'flex items-center rounded-lg px-3 py-2 text-sm font-medium text-ink hover:bg-brand-50 hover:text-brand-700';
const activeClass = 'bg-brand-50 text-brand-700';

function PlainLink({ children, ...props }: SidebarLinkProps) {
  return <a {...props}>{children}</a>;
}

/**
 * Main navigation. From the md breakpoint up it is always shown; below, a button toggles it
 * (Escape closes it and gives focus back to the button). Items are ordinary links.
 */
export function Sidebar({
  sections,
  activeHref,
  label = 'Menu principal',
  toggleLabel = 'Menu',
  newTabLabel = '(nouvel onglet)',
  linkComponent: LinkComponent = PlainLink,
  className = '',
}: SidebarProps) {
  // Remembering the page the menu was opened on closes it when another page is chosen.
  const [openedOn, setOpenedOn] = useState<{ href?: string } | null>(null);
  const open = openedOn !== null && openedOn.href === activeHref;
  const setOpen = (value: boolean) => setOpenedOn(value ? { href: activeHref } : null);
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggleRef.current?.focus();
    }
  };

  return (
    <nav
      aria-label={label}
      onKeyDown={onKeyDown}
      className={`bg-surface md:w-64 md:shrink-0 ${className}`}
    >
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center gap-2 border-b border-slate-200 px-4 py-3 text-sm font-semibold text-brand-700 md:hidden"
      >
        <svg
          className="size-5"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'} />
        </svg>
        {toggleLabel}
      </button>
      <div id={listId} className={`${open ? 'block' : 'hidden'} space-y-6 p-4 md:block`}>
        {sections.map((section) => (
          <SectionBlock
            key={section.id}
            section={section}
            activeHref={activeHref}
            newTabLabel={newTabLabel}
            LinkComponent={LinkComponent}
          />
        ))}
      </div>
    </nav>
  );
}

function SectionBlock({
  section,
  activeHref,
  newTabLabel,
  LinkComponent,
}: {
  section: SidebarSection;
  activeHref?: string;
  newTabLabel: string;
  LinkComponent: ComponentType<SidebarLinkProps>;
}) {
  const headingId = useId();
  if (section.items.length === 0) return null;
  return (
    <div>
      {section.title && (
        <p
          id={headingId}
          className="mb-2 px-3 text-xs font-semibold tracking-wide text-muted uppercase"
        >
          {section.title}
        </p>
      )}
      <ul aria-labelledby={section.title ? headingId : undefined} className="space-y-1">
        {section.items.map((item) => {
          const active = !item.external && item.href === activeHref;
          return (
            <li key={item.id}>
              {item.external ? (
                <a href={item.href} target="_blank" rel="noopener noreferrer" className={itemClass}>
                  {item.label}
                  <span className="sr-only"> {newTabLabel}</span>
                  <svg
                    className="ml-auto size-4"
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    aria-hidden="true"
                  >
                    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
                  </svg>
                </a>
              ) : (
                <LinkComponent
                  href={item.href}
                  aria-current={active ? 'page' : undefined}
                  className={`${itemClass} ${active ? activeClass : ''}`}
                >
                  {item.label}
                </LinkComponent>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
