import { clearDraft, draftDiffers, readDraft as readSessionDraft, writeDraft } from '../common';
import type { NewsFormValues } from './schemas';

/** The news form's draft (`common/session-draft.ts`), one per news item and one for a new one. */
const PREFIX = 'portal.news-draft.';

export function draftKey(newsId: number | string | null): string {
  return PREFIX + (newsId === null ? 'new' : String(newsId));
}

export const readDraft = (key: string) =>
  readSessionDraft<NewsFormValues>(key, (value) => typeof value.title === 'string');

export { clearDraft, draftDiffers, writeDraft };
