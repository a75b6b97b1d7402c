import type { components } from '@portal/api/main';

export type TrackingEvent = components['schemas']['TrackingEvent'];
export type TrackingEventType = TrackingEvent['type'];

// Spec part 1 §9: /accueil and the login, forbidden, not-found, redirect, tracking and roles
// pages are not tracked (nor the other public pages, which have no session anyway).
// The staff home is named by its segment: the staff route table stays out of the agent's first
// chunk, where this module is.
const UNTRACKED_SEGMENTS = new Set([
  'accueil',
  'login',
  'logout',
  'forbidden',
  'not-found',
  'redirect',
  'tracking',
  'roles',
  'reset-password',
  'auth',
]);

export function isTrackedPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return !pathname.split('/').some((segment) => UNTRACKED_SEGMENTS.has(segment));
}

const CLICKABLE = [
  'a[href]',
  'button',
  'summary',
  'input[type="checkbox"]',
  'input[type="radio"]',
  'input[type="submit"]',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[data-track]',
].join(',');

function labelOf(element: Element): string {
  const label =
    element.getAttribute('aria-label') ||
    (element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null) ||
    element.textContent ||
    element.tagName.toLowerCase();
  return label.replace(/\s+/g, ' ').trim();
}

/**
 * What a click on `target` records: a DOCUMENT event for a document link (`download` or
 * `data-track-document="name"`), a CLICK on any other control, nothing elsewhere.
 */
export function describeClick(
  target: EventTarget | null,
): { type: TrackingEventType; action: string } | null {
  if (!(target instanceof Element)) return null;
  const element = target.closest(CLICKABLE);
  if (!element) return null;
  const documentName =
    element.getAttribute('data-track-document') ??
    (element.matches('a[download]') ? element.getAttribute('download') : null);
  if (documentName !== null) return { type: 'DOCUMENT', action: documentName || labelOf(element) };
  return { type: 'CLICK', action: element.getAttribute('data-track') || labelOf(element) };
}
