import { describe, expect, it } from 'vitest';
import { formatBadgeCount } from './notification-bell';

describe('formatBadgeCount', () => {
  it.each([
    [0, ''],
    [-3, ''],
    [Number.NaN, ''],
    [1, '1'],
    [42, '42'],
    [98, '98'],
    [99, '99+'],
    [100, '99+'],
    [12345, '99+'],
  ])('%d → "%s"', (count, expected) => {
    expect(formatBadgeCount(count)).toBe(expected);
  });
});
