import { isCalendarDay } from '@portal/ui/calendar-day';
import { useMemo } from 'react';
import { useSearchParams } from 'wouter';
import * as z from 'zod/mini';

/**
 * Field schemas for URL filters: each one falls back to its default when the parameter is
 * missing or malformed, so reading a hand-edited URL never fails.
 */
export const urlFilter = {
  /** Free text, trimmed; '' when absent. */
  text: () => z.catch(z.string().check(z.trim()), ''),
  /** A calendar day `YYYY-MM-DD` (no time, no time zone); '' when absent or not a real day. */
  day: () => z.catch(z.string().check(z.refine((value) => isCalendarDay(value))), ''),
  /** A flag written `true` in the URL (as the API's boolean filters); false when absent. */
  flag: () =>
    z.catch(
      z.pipe(
        z.literal('true'),
        z.transform(() => true),
      ),
      false,
    ),
  /** A page number from 1. */
  page: () => z.catch(z.coerce.number().check(z.int(), z.minimum(1)), 1),
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
  const raw = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, params.get(key) ?? undefined]),
  );
  return schema.parse(raw);
}

/** The query string of the filters: only what differs from the defaults, in schema order. */
export function filtersToSearch<S extends FilterSchema>(
  schema: S,
  filters: z.output<S>,
): URLSearchParams {
  const defaults = schema.parse({}) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const key of Object.keys(schema.shape)) {
    const value = (filters as Record<string, unknown>)[key];
    const written = typeof value === 'string' ? value.trim() : value;
    if (written === undefined || written === defaults[key]) continue;
    params.set(key, String(written));
  }
  return params;
}

export type UrlFilters<F> = {
  /** The filters in force, read from the URL. */
  filters: F;
  /** The schema's defaults (what 'Réinitialiser' restores). */
  defaults: F;
  /** Stable key of the filters, e.g. `key` of the filter form so back/forward refills it. */
  searchKey: string;
  /** Applies some filters over the current ones (call it on submit). */
  apply: (next: Partial<F>) => void;
  /** Restores the defaults. */
  reset: () => void;
};

/**
 * A zod-validated filter object kept in the query string, so a filtered view can be
 * bookmarked and the back button returns to the previous filters. The URL keys are the API's
 * parameter names; applying the same filters again pushes no history entry.
 */
export function useUrlFilters<S extends FilterSchema>(schema: S): UrlFilters<z.output<S>> {
  const [search, setSearch] = useSearchParams();
  const searchKey = filtersToSearch(schema, filtersFromSearch(schema, search)).toString();
  const filters = useMemo(() => filtersFromSearch(schema, searchKey), [schema, searchKey]);
  const defaults = useMemo(() => schema.parse({}), [schema]);
  const write = (next: z.output<S>) => {
    const params = filtersToSearch(schema, next);
    if (params.toString() !== searchKey) setSearch(params);
  };
  return {
    filters,
    defaults,
    searchKey,
    apply: (next) => write({ ...filters, ...next }),
    reset: () => write(defaults),
  };
}
