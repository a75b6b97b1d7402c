import { describe, expect, it } from 'vitest';
import { formatDate, formatEuro, formatFileSize, formatPercent } from './format';

// fr-FR Intl output: U+202F (narrow no-break space) between digit groups, U+00A0 before units.
const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('formatEuro', () => {
  it('formats without decimals with French spacing', () => {
    expect(formatEuro(1234567)).toBe(`1${NNBSP}234${NNBSP}567${NBSP}€`);
    expect(formatEuro(0)).toBe(`0${NBSP}€`);
  });

  it('rounds to the euro', () => {
    expect(formatEuro(1234.4)).toBe(`1${NNBSP}234${NBSP}€`);
    expect(formatEuro(-1234.6)).toBe(`-1${NNBSP}235${NBSP}€`);
  });

  it('returns an empty string for non-numbers', () => {
    expect(formatEuro(Number.NaN)).toBe('');
  });
});

describe('formatDate', () => {
  it('formats Date and ISO strings as DD/MM/YYYY', () => {
    expect(formatDate(new Date(2024, 2, 5))).toBe('05/03/2024');
    expect(formatDate('2024-12-31')).toBe('31/12/2024');
    expect(formatDate('2024-07-14T10:00:00')).toBe('14/07/2024');
  });

  it('returns an empty string for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('pas une date')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
});

describe('formatPercent', () => {
  it('takes a percentage value and shows 2 decimals', () => {
    expect(formatPercent(2.5)).toBe(`2,50${NBSP}%`);
    expect(formatPercent(0)).toBe(`0,00${NBSP}%`);
    expect(formatPercent(12.345)).toBe(`12,35${NBSP}%`);
    expect(formatPercent(100)).toBe(`100,00${NBSP}%`);
  });

  it('returns an empty string for non-numbers', () => {
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, `0${NBSP}o`],
    [512, `512${NBSP}o`],
    [1024, `1${NBSP}Ko`],
    [1536, `1,5${NBSP}Ko`],
    [5 * 1024 ** 2, `5${NBSP}Mo`],
    [1.25 * 1024 ** 3, `1,3${NBSP}Go`],
    [2 * 1024 ** 4, `2${NBSP}To`],
    [3 * 1024 ** 5, `3${NBSP}Po`],
    [2048 * 1024 ** 5, `2${NNBSP}048${NBSP}Po`],
  ])('%d bytes → %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });

  it('returns an empty string for negative or invalid sizes', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});
