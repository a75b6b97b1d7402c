import type { NewsListEntry } from './news-item';

/** The user's read state by news id: the entry to PATCH and whether it is read. */
export function readStateByNews(
  entries: readonly Pick<NewsListEntry, 'id' | 'isRead' | 'news'>[],
): Map<number, { entryId: number; isRead: boolean }> {
  const map = new Map<number, { entryId: number; isRead: boolean }>();
  for (const entry of entries) map.set(entry.news.id, { entryId: entry.id, isRead: entry.isRead });
  return map;
}
