import type { NewsItem } from './news-item';

/** A news item as `GET /news` returns it, for screen tests. */
export const newsItem = (
  id: number,
  title: string,
  overrides: Partial<NewsItem> = {},
): NewsItem => ({
  '@id': `/news/${id}`,
  '@type': 'News',
  id,
  title,
  date: '2026-01-10T09:00:00.000Z',
  content: '<p>Contenu</p>',
  displayed: true,
  hasPopup: false,
  sliderDisplayed: false,
  imageBank: null,
  profilesToNotify: [],
  ...overrides,
});
