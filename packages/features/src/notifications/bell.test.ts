import { describe, expect, it } from 'vitest';
import { type BellEntry, bellItems, linkTarget, markAllIds } from './bell';

const now = new Date('2026-03-10T12:00:00Z');
const entry = (
  id: number,
  notification: Partial<BellEntry['notification']> = {},
  readByUser = false,
): BellEntry => ({
  id,
  readByUser,
  notification: {
    title: `Notification ${id}`,
    createdAt: `2026-03-0${id % 9}T08:00:00Z`,
    expireAt: null,
    urlLink: null,
    ...notification,
  },
});

describe('notification bell', () => {
  it('lists unread, not expired notifications, newest first', () => {
    const items = bellItems(
      [
        entry(1),
        entry(2, { expireAt: '2026-03-10T11:59:59Z' }),
        entry(3, {}, true),
        entry(4, { expireAt: '2026-03-11T00:00:00Z', urlLink: ' /news/4 ' }),
        entry(5, { urlLink: '' }),
      ],
      now,
    );
    expect(items.map((item) => item.id)).toEqual([5, 4, 1]);
    expect(items.find((item) => item.id === 4)?.link).toBe('/news/4');
    expect(items.find((item) => item.id === 5)?.link).toBeNull();
  });

  it("'mark all' marks only the notifications without a link", () => {
    const items = bellItems(
      [entry(1), entry(2, { urlLink: 'https://example.org/' }), entry(3, { urlLink: '  ' })],
      now,
    );
    expect(markAllIds(items).sort()).toEqual([1, 3]);
    expect(markAllIds([])).toEqual([]);
  });

  it('follows app paths with the router and other sites in a new tab', () => {
    const origin = 'https://agents.example.fr';
    expect(linkTarget('/news/12?x=1', origin)).toEqual({ kind: 'internal', path: '/news/12?x=1' });
    expect(linkTarget('https://agents.example.fr/my/account#top', origin)).toEqual({
      kind: 'internal',
      path: '/my/account#top',
    });
    expect(linkTarget('https://partner.example.com/page', origin)).toEqual({
      kind: 'external',
      url: 'https://partner.example.com/page',
    });
    expect(linkTarget('//evil.example.com', origin)).toEqual(null);
    expect(linkTarget('javascript:alert(1)', origin)).toBeNull();
    expect(linkTarget(null, origin)).toBeNull();
  });
});
