import { isCalendarDay } from '@portal/ui/calendar-day';
import * as z from 'zod/mini';

/** How a field is read from the URL, and its value when absent or malformed. */
type UrlField = { decode: (raw: string) => unknown; fallback: unknown };
const urlFields = new WeakMap<object, UrlField>();

function urlField<T>(
  schema: z.ZodMiniType<T>,
  fallback: T,
  decode: (raw: string) => unknown = (raw) => raw,
): z.ZodMiniType<T> {
  urlFields.set(schema, { decode, fallback });
  return schema;
}

/**
 * Field schemas for URL filters: each one falls back to its default when the parameter is
 * missing or malformed, so reading a hand-edited URL never fails. (Plain string and custom
 * checks only: zod's catch, number and boolean types would grow the sign-in route, which
 * shares zod with the sign-in form.)
 */
export const urlFilter = {
  /** Free text, trimmed; '' when absent or longer than `maxLength` (the contract's limit). */
  text: (maxLength = 1000) =>
    urlField(
      z.string().check(
        z.trim(),
        z.refine((value) => value.length <= maxLength),
      ),
      '',
    ),
  /** A calendar day `YYYY-MM-DD` (no time, no time zone); '' when absent or not a real day. */
  day: () => urlField(z.string().check(z.refine((value) => isCalendarDay(value))), ''),
  /** A month `YYYY-MM` (a calendar's page); '' when absent. */
  month: () => urlField(z.string().check(z.regex(/^[1-9]\d{3}-(0[1-9]|1[0-2])$/)), ''),
  /** A flag written `true` in the URL (as the API's boolean filters); false when absent. */
  flag: () =>
    urlField(
      z.custom<boolean>((value) => typeof value === 'boolean'),
      false,
      (raw) => (raw === 'true' ? true : raw),
    ),
  /** A non-negative decimal as the API's range filters take it (`5000`, `2.5`); '' when absent. */
  decimal: () => urlField(z.string().check(z.regex(/^\d{1,12}(\.\d{1,4})?$/)), ''),
  /** A record's id (a positive integer, as a picker puts it in the URL); '' when absent. */
  id: () => urlField(z.string().check(z.regex(/^[1-9]\d{0,9}$/)), ''),
  /** An agent's CGP id (letters, digits, '-' and '_'); '' when absent. */
  cgp: () => urlField(z.string().check(z.regex(/^[\w-]{1,32}$/)), ''),
  /** Comma-separated exercices as the API takes them (`2026,2024`); '' when absent. */
  years: () => urlField(z.string().check(z.regex(/^\d{4}(,\d{4})*$/)), ''),
  /** One of `values` (an enum filter or a sort direction); `fallback` otherwise. */
  oneOf: <T extends string>(values: readonly T[], fallback: T) =>
    urlField(
      z.custom<T>((value) => values.includes(value as T)),
      fallback,
    ),
  /** A page number from 1. */
  page: () =>
    urlField(
      z.custom<number>((value) => typeof value === 'number' && value >= 1),
      1,
      (raw) => (/^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : raw),
    ),
};

/** A filter schema: a zod object whose keys are the API's query parameter names. */
export type FilterSchema = z.ZodMiniObject<
  Record<string, z.ZodMiniType<string | number | boolean>>
>;

/** The filters written in `search`, each malformed or missing one at its default. */
export function filtersFromSearch<S extends FilterSchema>(
  schema: S,
  search: URLSearchParams | string,
): z.output<S> {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const filters: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const { decode, fallback } = urlFields.get(field) ?? { decode: (raw) => raw, fallback: '' };
    const raw = params.get(key);
    const parsed = raw === null ? undefined : field.safeParse(decode(raw));
    filters[key] = parsed?.success ? parsed.data : fallback;
  }
  return filters as z.output<S>;
}

/** The filters' defaults: what an empty query string gives. */
export function defaultFilters<S extends FilterSchema>(schema: S): z.output<S> {
  return filtersFromSearch(schema, '');
}

/** The query string of the filters: only what differs from the defaults, in schema order. */
export function filtersToSearch<S extends FilterSchema>(
  schema: S,
  filters: z.output<S>,
): URLSearchParams {
  const defaults = defaultFilters(schema) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const key of Object.keys(schema.shape)) {
    const value = (filters as Record<string, unknown>)[key];
    const written = typeof value === 'string' ? value.trim() : value;
    if (written === undefined || written === defaults[key]) continue;
    params.set(key, String(written));
  }
  return params;
}
