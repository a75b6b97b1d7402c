import { describe, expect, it } from 'vitest';
import { isRecent } from './news-card';

const NOW = new Date('2025-06-10T12:00:00');
const DAY = 24 * 60 * 60 * 1000;

describe('isRecent', () => {
  it('is true under 7 days old', () => {
    expect(isRecent(NOW, NOW)).toBe(true);
    expect(isRecent(new Date(NOW.getTime() - 6 * DAY), NOW)).toBe(true);
    expect(isRecent(new Date(NOW.getTime() - 7 * DAY + 1), NOW)).toBe(true);
    expect(isRecent('2025-06-04', NOW)).toBe(true);
  });

  it('is false from 7 days on', () => {
    expect(isRecent(new Date(NOW.getTime() - 7 * DAY), NOW)).toBe(false);
    expect(isRecent('2025-05-01', NOW)).toBe(false);
  });

  it('counts scheduled (future) news as recent', () => {
    expect(isRecent('2025-06-20', NOW)).toBe(true);
  });

  it('is false for missing or invalid dates', () => {
    expect(isRecent(null, NOW)).toBe(false);
    expect(isRecent(undefined, NOW)).toBe(false);
    expect(isRecent('', NOW)).toBe(false);
    expect(isRecent('pas une date', NOW)).toBe(false);
  });

  it('accepts a timestamp as now', () => {
    expect(isRecent(NOW, NOW.getTime() + 3 * DAY)).toBe(true);
  });
});
