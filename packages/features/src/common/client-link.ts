import type { MouseEvent } from 'react';

/**
 * Client-side navigation for a plain `<a href>` of the kit (NewsCard, NewsSlider): a simple
 * left click stays in the app; modified clicks (new tab, download…) keep the browser's way.
 */
export function followInApp(
  event: MouseEvent<HTMLElement>,
  href: string | undefined,
  navigate: (to: string) => void,
): void {
  if (!href) return;
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(href);
}
