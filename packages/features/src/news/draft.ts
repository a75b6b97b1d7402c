import type { NewsFormValues } from './schemas';

/**
 * Unsaved news form values kept in sessionStorage (per tab), so a failed save, a reload or a
 * closed-and-restored tab does not lose what was typed. Cleared once the news is saved.
 */
const PREFIX = 'portal.news-draft.';

export function draftKey(newsId: number | string | null): string {
  return PREFIX + (newsId === null ? 'new' : String(newsId));
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readDraft(key: string): NewsFormValues | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<NewsFormValues>;
    if (typeof value !== 'object' || value === null || typeof value.title !== 'string') return null;
    return value as NewsFormValues;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, values: NewsFormValues): void {
  try {
    storage()?.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full or disabled: the form still keeps its values in memory.
  }
}

export function clearDraft(key: string): void {
  storage()?.removeItem(key);
}

/** Whether the draft differs from what the form would show without it. */
export function draftDiffers(draft: NewsFormValues, initial: NewsFormValues): boolean {
  return JSON.stringify(draft) !== JSON.stringify(initial);
}
