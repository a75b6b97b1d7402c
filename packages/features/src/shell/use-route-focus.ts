import { useEffect, useRef, useState } from 'react';

/** How long a page may take to show its heading (lazy chunk, then its data). */
const HEADING_WAIT_MS = 5000;

/** The page's main heading, made focusable by script (it is not a tab stop). */
export function focusMainHeading(main: HTMLElement | null): boolean {
  const heading = main?.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: false });
  return document.activeElement === heading;
}

/**
 * After each route change (not the first page), moves focus to the new page's h1, so
 * keyboard and screen-reader users start reading the page they asked for. The heading may
 * arrive late (lazy page, then its data): it is awaited, but focus is left alone if the
 * user has moved it meanwhile.
 */
export function useRouteFocus(location: string, mainRef: { current: HTMLElement | null }) {
  // Idempotent (StrictMode runs effects twice): nothing happens until the location has once
  // differed from the first one.
  const [first] = useState(location);
  const moved = useRef(false);

  useEffect(() => {
    if (location === first && !moved.current) return;
    moved.current = true;
    const opener = document.activeElement;
    const untouched = () =>
      document.activeElement === opener ||
      document.activeElement === document.body ||
      !document.activeElement?.isConnected;
    const started = Date.now();
    let frame = 0;
    const attempt = () => {
      if (!untouched()) return;
      if (focusMainHeading(mainRef.current)) return;
      if (Date.now() - started < HEADING_WAIT_MS) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [location, first, mainRef]);
}
