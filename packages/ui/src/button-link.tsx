import type { ComponentProps, MouseEvent } from 'react';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button';

export type ButtonLinkProps = ComponentProps<'a'> & {
  href: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * Called on plain left clicks only (no modifier key, not already handled), so a client
   * router can `event.preventDefault()` and navigate; Ctrl/⌘-click, middle click and
   * « open in a new tab » keep the browser's behaviour.
   */
  onNavigate?: (event: MouseEvent<HTMLAnchorElement>) => void;
};

/** True for a click a router may take over: left button, no modifier, same tab. */
export function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    (!target || target === '_self')
  );
}

/** A link that looks like `Button` (same variant and size classes). */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className = '',
  onClick,
  onNavigate,
  children,
  ...props
}: ButtonLinkProps) {
  return (
    <a
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (onNavigate && isPlainLeftClick(event)) onNavigate(event);
      }}
      className={buttonClasses({ variant, size, className: `no-underline ${className}` })}
    >
      {children}
    </a>
  );
}
