import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, draftDiffers, draftKey, readDraft, writeDraft } from './draft';
import { EMPTY_NEWS_FORM } from './schemas';

describe('news draft', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps the values per news item in sessionStorage until cleared', () => {
    const values = { ...EMPTY_NEWS_FORM, title: 'Brouillon' };
    writeDraft(draftKey(null), values);
    expect(readDraft(draftKey(null))).toEqual(values);
    expect(readDraft(draftKey(4))).toBeNull();
    expect(draftDiffers(values, EMPTY_NEWS_FORM)).toBe(true);
    clearDraft(draftKey(null));
    expect(readDraft(draftKey(null))).toBeNull();
  });

  it('ignores what is not a draft', () => {
    sessionStorage.setItem(draftKey(1), '{oops');
    sessionStorage.setItem(draftKey(2), '42');
    expect(readDraft(draftKey(1))).toBeNull();
    expect(readDraft(draftKey(2))).toBeNull();
  });
});
