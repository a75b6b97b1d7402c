import { badRequest } from '../http/errors.js';

/** Reading of query-string values; anything malformed is a 400, never a 500. */

export const invalidValue = (param: string, value: unknown) =>
  badRequest(`Valeur invalide pour le paramètre « ${param} » : « ${String(value)} ».`);

/** The values of `param` and `param[]`, without empty strings; undefined when absent. */
export function listValues(query: Record<string, unknown>, param: string): string[] | undefined {
  const raw = [query[param], query[`${param}[]`]].flatMap((v) =>
    v === undefined ? [] : Array.isArray(v) ? v : [v],
  );
  const values = raw.map(String).filter((v) => v.trim() !== '');
  return values.length > 0 ? values : undefined;
}

export function parseNumber(param: string, value: unknown): number {
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (String(value).trim() === '' || !Number.isFinite(n)) throw invalidValue(param, value);
  return n;
}

/** An integer id, or the last segment of an IRI such as `/consultants/12`. */
export function parseId(param: string, value: unknown): number {
  const text = String(value).trim();
  const match = /^(?:\/[\w.-]+\/)*(\d{1,10})$/.exec(text);
  const n = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(n) || n > 2147483647) throw invalidValue(param, value);
  return n;
}

const DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A calendar date or a date-time; answers whether a time part was given. */
export function parseDate(param: string, value: unknown): { iso: string; dateOnly: boolean } {
  const text = String(value).trim();
  const match = DATE.exec(text);
  if (!match) throw invalidValue(param, value);
  const [, y, m, d] = match;
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  const sameDay =
    day.getUTCFullYear() === Number(y) &&
    day.getUTCMonth() === Number(m) - 1 &&
    day.getUTCDate() === Number(d);
  if (!sameDay) throw invalidValue(param, value);
  if (match[4] === undefined) return { iso: `${y}-${m}-${d}`, dateOnly: true };
  const instant = new Date(text.replace(' ', 'T'));
  if (Number.isNaN(instant.getTime()) || Number(match[4]) > 23 || Number(match[5]) > 59)
    throw invalidValue(param, value);
  return { iso: instant.toISOString(), dateOnly: false };
}

export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A date (`YYYY-MM-DD`) or a date-time from a request body. A date alone is midnight UTC, or
 * the last instant of that day with `endOfDay` (expiry dates: a notification expiring on the
 * 8th is shown all the 8th). Null when absent or malformed.
 */
export function parseInstant(value: unknown, endOfDay = false): Date | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const { iso, dateOnly } = parseDate('date', value);
    if (!dateOnly) return new Date(iso);
    return new Date(`${iso}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`);
  } catch {
    return null;
  }
}
