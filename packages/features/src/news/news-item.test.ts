import { describe, expect, it } from 'vitest';
import { newsExcerpt, newsImageUrl } from './news-item';

describe('news helpers', () => {
  it('gives a plain-text excerpt of rich content', () => {
    expect(
      newsExcerpt('<p>Bonjour&nbsp;<strong>à tous</strong></p><script>x()</script><p>Suite</p>'),
    ).toBe('Bonjour à tous Suite');
    expect(newsExcerpt('a'.repeat(200), 10)).toBe('aaaaaaaaa…');
    expect(newsExcerpt(null)).toBe('');
  });

  it('makes media paths absolute on the main API', () => {
    window.__PORTAL_CONFIG__ = { mainApiUrl: 'http://api.test:3000' };
    const news = { imageBank: { mediaObject: { contentUrl: '/media/images/a.png' } } };
    expect(newsImageUrl(news as never)).toBe('http://api.test:3000/media/images/a.png');
    expect(newsImageUrl({ imageBank: null })).toBeNull();
  });
});
