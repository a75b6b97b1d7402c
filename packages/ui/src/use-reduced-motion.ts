import { useMediaQuery } from './use-media-query';

/** True when the user asked the system for less motion (no autoplay, no slide animation). */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
