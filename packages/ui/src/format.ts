import dayjs from 'dayjs';

const euro = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const percent = new Intl.NumberFormat('fr-FR', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const number = new Intl.NumberFormat('fr-FR');

const sizeNumber = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

const SIZE_UNITS = ['o', 'Ko', 'Mo', 'Go', 'To', 'Po'] as const;

/** 1234567 → "1 234 567 €" (rounded, fr-FR spacing from Intl: U+202F groups, U+00A0 before €). */
export function formatEuro(amount: number): string {
  return Number.isFinite(amount) ? euro.format(amount) : '';
}

/** 1234567.5 → "1 234 567,5" (fr-FR spacing from Intl: U+202F between digit groups). */
export function formatNumber(value: number): string {
  return Number.isFinite(value) ? number.format(value) : '';
}

/** Date or ISO string → "DD/MM/YYYY"; empty string when missing or invalid. */
export function formatDate(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('DD/MM/YYYY') : '';
}

/**
 * Takes a percentage, not a ratio: the spec gives fees as 2.5 meaning 2,50 %,
 * so 2.5 → "2,50 %". Intl's percent style expects a ratio, hence the division.
 */
export function formatPercent(value: number): string {
  return Number.isFinite(value) ? percent.format(value / 100) : '';
}

/** Bytes → "1,5 Mo" using binary multiples (1 Ko = 1024 o), as file pickers do. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${sizeNumber.format(value)}\u00a0${SIZE_UNITS[unit]}`;
}
