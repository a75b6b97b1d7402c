// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  contentToSave,
  duplicateSchema,
  EMPTY_NEWS_FORM,
  newsFormSchema,
  newsNotificationPayload,
  newsPayload,
  sliderLocked,
} from './schemas';

const image = {
  id: 4,
  '@id': '/image_banks/4',
  title: 'Salon',
  mediaObject: { contentUrl: '/media/a.png' },
};
const valid = { ...EMPTY_NEWS_FORM, title: 'Salon 2026', date: '2026-03-02', image };

function errors(values: unknown) {
  const result = newsFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('news form schema', () => {
  it('accepts a complete form', () => {
    expect(errors(valid)).toEqual({});
  });

  it('requires a title of at least 4 characters, a date and an image', () => {
    expect(errors({ ...valid, title: '  ', date: '', image: null })).toEqual({
      title: 'Ce champ est obligatoire.',
      date: 'Ce champ est obligatoire.',
      image: 'Une image est requise.',
    });
    expect(errors({ ...valid, title: 'abc' })).toEqual({
      title: 'Ce champ doit contenir au moins 4 caractères.',
    });
  });

  it('refuses a title longer than the contract allows', () => {
    expect(errors({ ...valid, title: 'x'.repeat(256) })).toEqual({
      title: 'Ce champ doit contenir au plus 255 caractères.',
    });
    expect(errors({ ...valid, title: 'x'.repeat(255) })).toEqual({});
  });

  it('needs a profile when the notification is ticked', () => {
    expect(errors({ ...valid, notify: true })).toEqual({
      profilesToNotify: 'Choisissez au moins un profil à notifier.',
    });
    expect(errors({ ...valid, notify: true, profilesToNotify: ['/profiles/3'] })).toEqual({});
  });

  it('requires the title and date of a duplicate', () => {
    expect(duplicateSchema.safeParse({ title: '', date: '' }).success).toBe(false);
    expect(duplicateSchema.safeParse({ title: 'Copie', date: '2026-03-02' }).success).toBe(true);
  });
});

describe('news payloads', () => {
  it('turns the line breaks of plain text into <br> and keeps HTML as is', () => {
    expect(contentToSave('Bonjour\nà tous\r\n<3')).toBe('Bonjour<br>à tous<br>&lt;3');
    expect(contentToSave('<p>Bonjour</p>\n<p>à tous</p>')).toBe('<p>Bonjour</p>\n<p>à tous</p>');
    expect(contentToSave('   ')).toBe('');
  });

  it('sends the image as its IRI', () => {
    expect(newsPayload({ ...valid, content: 'a\nb' })).toEqual({
      title: 'Salon 2026',
      date: '2026-03-02',
      content: 'a<br>b',
      displayed: true,
      hasPopup: false,
      sliderDisplayed: false,
      imageBank: '/image_banks/4',
      profilesToNotify: [],
    });
  });

  it('makes the notification expire 7 days after the news date', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    expect(
      newsNotificationPayload(
        { id: 12, title: 'Salon', date: '2026-03-02T00:00:00+00:00' },
        ['/profiles/3'],
        now,
      ),
    ).toEqual({
      title: 'Salon',
      description: 'Nouvelle actualité : Salon',
      profilesToNotify: ['/profiles/3'],
      urlLink: '/news/12',
      createdAt: '2026-03-01T10:00:00.000Z',
      expireAt: '2026-03-09T00:00:00.000Z',
    });
  });
});

describe('carousel limit', () => {
  it('locks the checkbox when 3 other news are in the carousel', () => {
    expect(sliderLocked([1, 2, 3], null, false)).toBe(true);
    expect(sliderLocked([1, 2], null, false)).toBe(false);
    // This news item is one of the 3: it may stay or leave.
    expect(sliderLocked([1, 2, 3], 3, false)).toBe(false);
    // Already ticked: it can always be unticked.
    expect(sliderLocked([1, 2, 3, 4], 9, true)).toBe(false);
  });
});
