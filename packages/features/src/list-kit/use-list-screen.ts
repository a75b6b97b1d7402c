import type { SortOrder } from '@portal/ui/data-grid';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'wouter';
import type * as z from 'zod/mini';
import {
  activeFilterCount,
  type ApiQuery,
  defaultGrid,
  exportQuery,
  filtersQuery,
  gridFromSearch,
  gridQuery,
  type GridSpec,
  type GridState,
  listToSearch,
} from './list-url';
import { defaultFilters, type FilterSchema, filtersFromSearch } from './url-filters';

/** One grid of a list screen: its URL state, its API query and its row selection. */
export type ListGrid<S extends GridSpec = GridSpec> = {
  spec: S;
  state: GridState;
  /** The filters, this grid's page, size and sort: what its list query takes. */
  query: ApiQuery;
  /** The same without the page: what an export of this grid takes. */
  exportQuery: ApiQuery;
  /**
   * The filters, page size and sort without the page: what a grid that loads more as the user
   * scrolls (`InfiniteGrid`) takes, its pages being its own rather than the URL's.
   */
  pagesQuery: ApiQuery;
  /** Some filter differs from its default (the empty state says 'ne correspond à ces filtres'). */
  filtered: boolean;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setPageSize: (pageSize: number) => void;
  setSort: (sort: SortOrder | null) => void;
  /** The selected rows' ids; emptied whenever the filters, the sort or a page change. */
  selectedIds: string[];
  select: (ids: string[]) => void;
};

export type ListScreenOptions<S extends FilterSchema> = {
  /** The filters: a `zod/mini` object of `urlFilter` fields named as the API's parameters. */
  filters: S;
  /** The grids of the page, each with its keys (a second one under a `prefix`). */
  grids: readonly GridSpec[];
  /**
   * Keys of `filters` that are the page's state rather than filters (an opened row, an export's
   * exercice): kept in the URL, not sent to the API, not counted as filters, left as they are
   * by 'Filtrer'.
   */
  state?: readonly (keyof z.output<S> & string)[];
};

export type ListScreenState<F> = {
  /** The filters in force, read from the URL. */
  filters: F;
  defaults: F;
  /** The filters as the API takes them: the same keys, empty values (and `state` keys) left out. */
  query: ApiQuery;
  /** How many filters are set (the phone's 'Filtres (2)'). */
  activeCount: number;
  /** Stable key of the URL, e.g. the filter form's `key`. */
  searchKey: string;
  /** New filters over the current ones: every grid back to page 1 (on 'Filtrer'). */
  apply: (next: Partial<F>) => void;
  /** Page state (`state` keys) changed without touching the grids' pages. */
  set: (next: Partial<F>) => void;
  /** Everything back to its default: filters, pages, sizes and sorts ('Réinitialiser'). */
  reset: () => void;
  /** The query string with some filters changed and the grids as they are (a row's link). */
  searchWith: (next: Partial<F>) => string;
  /** The handle of one of the `grids`. */
  grid: <S extends GridSpec>(spec: S) => ListGrid<S>;
};

function canonicalSearch<S extends FilterSchema>(
  schema: S,
  grids: readonly GridSpec[],
  search: URLSearchParams,
): string {
  const states = grids.map((spec) => [spec, gridFromSearch(spec, search)] as const);
  return listToSearch(schema, filtersFromSearch(schema, search), states).toString();
}

/**
 * A list screen's URL, read and written in one place: the filters (URL keys are the API's
 * parameter names, handed to it unchanged) and each grid's `page`, `itemsPerPage` and
 * `order[field]`, prefixed for a second grid. A missing or tampered value falls back to its
 * default; the history state (a sub-page's way back) stays with the page.
 */
export function useListScreen<S extends FilterSchema>({
  filters: schema,
  grids,
  state: stateKeys = [],
}: ListScreenOptions<S>): ListScreenState<z.output<S>> {
  const [search, setSearch] = useSearchParams();
  // The URL as this screen writes it: what it does not know, or reads as a default, left out.
  const searchKey = canonicalSearch(schema, grids, search);
  const filters = useMemo(() => filtersFromSearch(schema, searchKey), [schema, searchKey]);
  const defaults = useMemo(() => defaultFilters(schema), [schema]);
  const params = new URLSearchParams(searchKey);
  const states = grids.map((spec) => [spec, gridFromSearch(spec, params)] as const);
  const [selection, setSelection] = useState<{ key: string; ids: Record<string, string[]> }>({
    key: searchKey,
    ids: {},
  });
  const selected = selection.key === searchKey ? selection.ids : {};

  const write = (
    nextFilters: z.output<S>,
    nextStates: readonly (readonly [GridSpec, GridState])[],
    replace = false,
  ) => {
    const next = listToSearch(schema, nextFilters, nextStates);
    if (next.toString() !== searchKey) setSearch(next, { replace, state: window.history.state });
  };
  const firstPages = states.map(([spec, grid]) => [spec, { ...grid, page: 1 }] as const);
  const withGrid = (spec: GridSpec, grid: GridState) =>
    states.map((entry) => (entry[0] === spec ? ([spec, grid] as const) : entry));
  const query = filtersQuery(schema, filters, stateKeys);
  const activeCount = activeFilterCount(schema, filters, stateKeys);

  return {
    filters,
    defaults,
    query,
    activeCount,
    searchKey,
    apply: (next) => {
      const kept = Object.fromEntries(stateKeys.map((key) => [key, filters[key]]));
      write({ ...filters, ...next, ...kept }, firstPages);
    },
    set: (next) => write({ ...filters, ...next }, states),
    reset: () =>
      write(
        defaults,
        grids.map((spec) => [spec, defaultGrid(spec)] as const),
      ),
    searchWith: (next) => listToSearch(schema, { ...filters, ...next }, states).toString(),
    grid: (spec) => {
      const grid = states.find((entry) => entry[0] === spec)?.[1] ?? defaultGrid(spec);
      const prefix = spec.prefix ?? '';
      return {
        spec,
        state: grid,
        query: gridQuery(spec, grid, query),
        exportQuery: exportQuery(spec, grid, query),
        pagesQuery: { ...exportQuery(spec, grid, query), itemsPerPage: grid.pageSize },
        filtered: activeCount > 0,
        setPage: (page, options) =>
          write(filters, withGrid(spec, { ...grid, page }), options?.replace),
        setPageSize: (pageSize) => write(filters, withGrid(spec, { ...grid, pageSize, page: 1 })),
        setSort: (sort) => write(filters, withGrid(spec, { ...grid, sort, page: 1 })),
        selectedIds: selected[prefix] ?? [],
        select: (ids) => setSelection({ key: searchKey, ids: { ...selected, [prefix]: ids } }),
      };
    },
  };
}
