import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dateToDay,
  dayToDate,
  formatFrenchDay,
  isCalendarDay,
  isDayInRange,
  parseFrenchDay,
} from './calendar-day';

describe('calendar days', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it.each([
    ['05/03/2025', '2025-03-05'],
    ['5/3/2025', '2025-03-05'],
    ['05032025', '2025-03-05'],
    ['05-03-2025', '2025-03-05'],
    [' 29/02/2024 ', '2024-02-29'],
    ['29/02/2025', null],
    ['31/04/2025', null],
    ['2025-03-05', null],
    ['03/05', null],
    ['', null],
  ])('parses "%s" as %s (day first, whatever the browser language)', (text, expected) => {
    expect(parseFrenchDay(text)).toBe(expected);
  });

  it('formats and validates ISO days', () => {
    expect(formatFrenchDay('2025-12-24')).toBe('24/12/2025');
    expect(formatFrenchDay('2025-02-30')).toBe('');
    expect(formatFrenchDay('')).toBe('');
    expect(isCalendarDay('2025-02-28')).toBe(true);
    expect(isCalendarDay('2025-2-28')).toBe(false);
  });

  it('round-trips a day through a local Date without time zone drift', () => {
    // A local midnight east of Greenwich is the day before in UTC; the day must not move.
    const date = dayToDate('2025-03-01')!;
    expect(date.getDate()).toBe(1);
    expect(dateToDay(date)).toBe('2025-03-01');
    expect(dateToDay(new Date(2025, 0, 1, 0, 0, 0))).toBe('2025-01-01');
    expect(dateToDay(new Date(2025, 0, 1, 23, 59, 59))).toBe('2025-01-01');
  });

  it('checks inclusive bounds', () => {
    expect(isDayInRange('2025-03-10', '2025-03-10', '2025-03-20')).toBe(true);
    expect(isDayInRange('2025-03-21', '2025-03-10', '2025-03-20')).toBe(false);
    expect(isDayInRange('2025-03-09', '2025-03-10')).toBe(false);
    expect(isDayInRange('2030-01-01')).toBe(true);
  });
});
