import type { SortOrder } from '@portal/ui/data-grid';
import type * as z from 'zod/mini';
import {
  defaultFilters,
  type FilterSchema,
  filtersFromSearch,
  filtersToSearch,
} from './url-filters';

// The URL of a list screen, without React: the filters (a zod schema whose keys are the API's
// parameter names) and, per grid, its page, page size and sort. `useListScreen` reads and writes
// it; the API's query is built here, in one place.

/** The sort directions, as the URL and the API write them (`order[lastName]=desc`). */
export const DIRECTIONS: readonly SortOrder['direction'][] = ['asc', 'desc'];

/** The page sizes a list may offer (`itemsPerPage`; the API clamps above 100). */
export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** One grid's keys in the URL. */
export type GridSpec = {
  /** Names this grid's keys when a page shows two grids: `direct.` gives `direct.page`. */
  prefix?: string;
  /** The columns the API sorts (`order[field]`). */
  sortable: readonly string[];
  /** The order sent to the API while the user chose none. */
  defaultSort?: SortOrder;
  /** The page size, or the default one when `pageSizes` are offered. */
  pageSize: PageSize;
  /** Sizes offered under the grid; the choice goes to `itemsPerPage`. */
  pageSizes?: readonly PageSize[];
  /** Where the grid remembers its hidden columns, per user (`StoredGridSpec`, `PagedGrid`). */
  storageKey?: string;
};

/** The spec of a grid shown by `PagedGrid` or `InfiniteGrid`: it remembers its columns. */
export type StoredGridSpec = GridSpec & { storageKey: string };

/**
 * One spec per audience of a screen both portals show ('mine', 'network'), each remembering its
 * columns under its own key: `customers-mine`, `customers-network`.
 */
export const scopedGrids = (spec: GridSpec, name: string) => ({
  mine: { ...spec, storageKey: `${name}-mine` },
  network: { ...spec, storageKey: `${name}-network` },
});

/** What the URL says of one grid. */
export type GridState = { page: number; pageSize: number; sort: SortOrder | null };

/** The largest page a URL may ask for (the list shows its last page beyond the total). */
const MAX_PAGE = 999_999;

const keyOf = (spec: GridSpec, key: string) => `${spec.prefix ?? ''}${key}`;
const isDirection = (value: string | null): value is SortOrder['direction'] =>
  DIRECTIONS.some((direction) => direction === value);

/** A grid's page, size and sort in `params`; anything missing or malformed at its default. */
export function gridFromSearch(spec: GridSpec, params: URLSearchParams): GridState {
  const rawPage = params.get(keyOf(spec, 'page')) ?? '';
  const page = /^[1-9]\d{0,5}$/.test(rawPage) ? Number(rawPage) : 1;
  const rawSize = Number(params.get(keyOf(spec, 'itemsPerPage')));
  const pageSize = spec.pageSizes?.find((size) => size === rawSize) ?? spec.pageSize;
  let sort: SortOrder | null = null;
  for (const field of spec.sortable) {
    const direction = params.get(keyOf(spec, `order[${field}]`));
    if (isDirection(direction)) {
      sort = { field, direction };
      break;
    }
  }
  return { page: Math.min(page, MAX_PAGE), pageSize, sort };
}

/** Writes a grid's keys into `params`: only what differs from its defaults. */
export function gridToSearch(spec: GridSpec, state: GridState, params: URLSearchParams): void {
  if (state.sort && spec.sortable.includes(state.sort.field))
    params.set(keyOf(spec, `order[${state.sort.field}]`), state.sort.direction);
  if (state.page > 1) params.set(keyOf(spec, 'page'), String(state.page));
  if (state.pageSize !== spec.pageSize && spec.pageSizes?.includes(state.pageSize as PageSize))
    params.set(keyOf(spec, 'itemsPerPage'), String(state.pageSize));
}

/** A grid's state at its defaults. */
export const defaultGrid = (spec: GridSpec): GridState => ({
  page: 1,
  pageSize: spec.pageSize,
  sort: null,
});

/** The page to show: the URL's, or the last one when the URL asks beyond the total. */
export function lastPageOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A query value the API takes as it is in the URL. */
export type QueryValue = string | number | boolean;
export type ApiQuery = Record<string, QueryValue>;

/**
 * The API's filters from the URL's, unchanged: the same keys, empty text and unset flags left
 * out, and the `state` keys (page state such as an open row, not filters) too.
 */
export function filtersQuery<S extends FilterSchema>(
  schema: S,
  filters: z.output<S>,
  state: readonly string[] = [],
): ApiQuery {
  const query: ApiQuery = {};
  for (const [key, value] of Object.entries(filters)) {
    if (state.includes(key) || value === '' || value === false) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      query[key] = value;
  }
  return query;
}

/**
 * The API's query of one grid: the filters, its page and page size, and its sort (the
 * default one when the user chose none). The prefix is the URL's, never the API's.
 */
export function gridQuery(spec: GridSpec, state: GridState, filters: ApiQuery): ApiQuery {
  const sort = state.sort ?? spec.defaultSort;
  return {
    ...filters,
    page: state.page,
    itemsPerPage: state.pageSize,
    ...(sort ? { [`order[${sort.field}]`]: sort.direction } : {}),
  };
}

/** What an export of the grid takes: the filters and the sort, no page. */
export function exportQuery(spec: GridSpec, state: GridState, filters: ApiQuery): ApiQuery {
  const { page: _page, itemsPerPage: _size, ...query } = gridQuery(spec, state, filters);
  return query;
}

/** The whole query string of a list screen: its filters, then each grid's keys. */
export function listToSearch<S extends FilterSchema>(
  schema: S,
  filters: z.output<S>,
  grids: readonly (readonly [GridSpec, GridState])[],
): URLSearchParams {
  const params = filtersToSearch(schema, filters);
  for (const [spec, state] of grids) gridToSearch(spec, state, params);
  return params;
}

/** How many filters differ from their defaults (the count on the phone's 'Filtres' button). */
export function activeFilterCount<S extends FilterSchema>(
  schema: S,
  filters: z.output<S>,
  state: readonly string[] = [],
): number {
  const defaults: Record<string, unknown> = defaultFilters(schema);
  return Object.entries(filters).filter(
    ([key, value]) => !state.includes(key) && value !== defaults[key],
  ).length;
}

export { filtersFromSearch };
