import { describe, expect, it } from 'vitest';
import { formatParisDateTime, monthBounds, parisDay, parisLocal, parisTime } from './paris-time';

describe('Paris time of reminders', () => {
  it('reads an instant as its Paris day and time, summer and winter', () => {
    expect(parisDay('2026-11-20T23:30:00Z')).toBe('2026-11-21');
    expect(parisTime('2026-11-20T08:30:00Z')).toBe('09:30');
    expect(parisTime('2026-07-01T08:30:00Z')).toBe('10:30');
    expect(formatParisDateTime('2026-10-25T00:30:00Z')).toBe('25/10/2026 à 02:30');
    expect(parisDay('not a date')).toBe('');
  });

  it('writes a day and a time as the API takes them, and bounds a month', () => {
    expect(parisLocal('2026-11-20', '14:05')).toBe('2026-11-20T14:05');
    expect(parisLocal('2026-11-20', '')).toBe('2026-11-20T09:00');
    expect(monthBounds('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthBounds('2026-12')).toEqual({ first: '2026-12-01', last: '2026-12-31' });
  });
});
