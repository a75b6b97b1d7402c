import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useId, type ReactNode } from 'react';
import { BellIcon } from './glyphs';

export type BellPanelApi = {
  /** Closes the panel and gives focus back to the bell. */
  close: () => void;
  /** Id of the panel's heading, e.g. for a list's `aria-labelledby`. */
  titleId: string;
};

export type BellPanelProps = {
  /** Accessible name of the bell, e.g. 'Notifications, 5 non lues'. */
  buttonLabel: string;
  /** Text of the badge ('5', '99+'); no badge when empty. Hidden from screen readers. */
  badge?: string;
  /** Heading of the panel. */
  title: string;
  /** Next to the heading, e.g. a 'Tout marquer comme lu' button. */
  headerAction?: ReactNode | ((api: BellPanelApi) => ReactNode);
  /** Scrolling body of the panel. */
  children: ReactNode | ((api: BellPanelApi) => ReactNode);
  /** The body is loading (aria-busy). */
  busy?: boolean;
  icon?: ReactNode;
  className?: string;
};

/**
 * A header button with a badge opening a panel (Headless UI Popover: Escape and outside
 * clicks close it, focus returns to the button). The panel is positioned by CSS under the
 * button, not portalled by the positioning library: its `max-h-[60vh]` is the one in force
 * (no computed max-height overrides it) and Headless UI adds no aria-hidden focus sentinels
 * (its scrolling body is focusable, so the panel always follows the button in tab order).
 */
export function BellPanel({
  buttonLabel,
  badge,
  title,
  headerAction,
  children,
  busy = false,
  icon,
  className = '',
}: BellPanelProps) {
  const titleId = useId();
  return (
    <Popover className={`relative ${className}`}>
      <PopoverButton
        aria-label={buttonLabel}
        className="relative flex size-10 items-center justify-center rounded-full text-ink hover:bg-canvas data-open:bg-canvas"
      >
        {icon ?? <BellIcon className="size-6" />}
        {badge && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-xs leading-none font-bold text-white"
          >
            {badge}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel
        aria-labelledby={titleId}
        data-testid="bell-panel"
        className="absolute top-full right-0 z-40 mt-2 flex max-h-[60vh] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-card bg-surface text-ink shadow-xl ring-1 ring-brand-100"
      >
        {({ close }) => {
          const api: BellPanelApi = { close: () => close(), titleId };
          return (
            <>
              <div className="flex items-center justify-between gap-3 border-b border-canvas px-4 py-3">
                <h2 id={titleId} className="text-base font-semibold">
                  {title}
                </h2>
                {typeof headerAction === 'function' ? headerAction(api) : headerAction}
              </div>
              {/* Focusable scrolling region: keyboard users can scroll it, and Headless UI,
                  finding focusable content right after the button, adds no focus sentinel. */}
              <div
                role="region"
                tabIndex={0}
                aria-labelledby={titleId}
                aria-busy={busy || undefined}
                className="min-h-0 flex-1 overflow-y-auto focus-visible:-outline-offset-3"
              >
                {typeof children === 'function' ? children(api) : children}
              </div>
            </>
          );
        }}
      </PopoverPanel>
    </Popover>
  );
}
