/** Pure rules of the notification bell (spec §4, §7, §9), kept apart for unit tests. */

/** What the bell reads of a `GET /notification_lists` member. */
export type BellEntry = {
  id: number;
  readByUser?: boolean;
  notification: {
    id?: number;
    title: string;
    description?: string | null;
    urlLink?: string | null;
    createdAt?: string | null;
    expireAt?: string | null;
  };
};

export type BellItem = {
  id: number;
  title: string;
  description: string | null;
  date: string | null;
  link: string | null;
};

/** Refetched on an interval, not on window focus (spec §9). */
export const BELL_REFETCH_MS = 60_000;

const hasLink = (link: string | null | undefined): link is string =>
  typeof link === 'string' && link.trim() !== '';

/**
 * The panel's items: unread and not expired (the server filters; this guards against a stale
 * page), newest first.
 */
export function bellItems(entries: readonly BellEntry[], now: Date = new Date()): BellItem[] {
  const time = now.getTime();
  return entries
    .filter((entry) => entry.readByUser !== true)
    .filter((entry) => {
      const expires = entry.notification.expireAt;
      return !expires || new Date(expires).getTime() > time;
    })
    .map((entry) => ({
      id: entry.id,
      title: entry.notification.title,
      description: entry.notification.description ?? null,
      date: entry.notification.createdAt ?? null,
      link: hasLink(entry.notification.urlLink) ? entry.notification.urlLink.trim() : null,
    }))
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
}

/** 'Tout marquer comme lu' marks only the notifications that carry no link (spec §4). */
export function markAllIds(items: readonly BellItem[]): number[] {
  return items.filter((item) => item.link === null).map((item) => item.id);
}

export type LinkTarget = { kind: 'internal'; path: string } | { kind: 'external'; url: string };

/**
 * Where a notification's link leads: a path of this app (same origin, or a relative path)
 * opens with the router; anything else in a new tab. Only http(s) links are followed.
 */
export function linkTarget(link: string | null, origin: string): LinkTarget | null {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//') && !link.includes('\\')) {
    return { kind: 'internal', path: link };
  }
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin === origin)
    return { kind: 'internal', path: url.pathname + url.search + url.hash };
  return { kind: 'external', url: url.href };
}
