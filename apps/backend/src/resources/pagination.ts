import type { SelectedFields } from 'drizzle-orm/pg-core';
import { hydraCollection } from '../http/hydra.js';
import type { PaginationSpec, Query, ResourceSpec } from './types.js';
import { invalidValue } from './values.js';

export interface Paging {
  enabled: boolean;
  page: number;
  itemsPerPage: number;
  limit: number;
  offset: number;
}

/**
 * `page` starts at 1 (0 and below are a 400, as in API Platform); `itemsPerPage` above the
 * maximum is clamped; `pagination=false` answers every row up to the hard cap.
 */
export function pagingOf(spec: PaginationSpec, query: Query): Paging {
  const disabled = spec.clientDisable && ['false', '0', false].includes(query.pagination as never);
  if (disabled) {
    return {
      enabled: false,
      page: 1,
      itemsPerPage: spec.disabledCap,
      limit: spec.disabledCap,
      offset: 0,
    };
  }
  const page = positiveInteger('page', query.page, 1);
  const requested = positiveInteger('itemsPerPage', query.itemsPerPage, spec.itemsPerPage);
  const itemsPerPage = Math.min(requested, spec.maxItemsPerPage);
  return {
    enabled: true,
    page,
    itemsPerPage,
    limit: itemsPerPage,
    offset: (page - 1) * itemsPerPage,
  };
}

function positiveInteger(param: string, value: unknown, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw invalidValue(param, value);
  return n;
}

/** `hydra:view` built the way API Platform does, keeping the other query parameters. */
export function hydraView(
  path: string,
  search: URLSearchParams,
  paging: Paging,
  totalItems: number,
): Record<string, string> {
  if (!paging.enabled)
    return { '@id': withQuery(path, search), '@type': 'hydra:PartialCollectionView' };
  const last = Math.max(1, Math.ceil(totalItems / paging.itemsPerPage));
  const link = (page: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(page));
    return withQuery(path, params);
  };
  const view: Record<string, string> = {
    '@id': link(paging.page),
    '@type': 'hydra:PartialCollectionView',
    'hydra:first': link(1),
    'hydra:last': link(last),
  };
  if (paging.page > 1) view['hydra:previous'] = link(paging.page - 1);
  if (paging.page < last) view['hydra:next'] = link(paging.page + 1);
  return view;
}

const withQuery = (path: string, params: URLSearchParams) => {
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

/**
 * A Hydra collection answered by a hand-written handler (an aggregation the resource layer does
 * not express): the same shape and `hydra:view` links as `collection()`.
 */
export function hydraCollectionBody(options: {
  url: string;
  path: string;
  type: string;
  members: unknown[];
  totalItems: number;
  paging: Paging;
}): Record<string, unknown> {
  const search = new URLSearchParams(options.url.split('?')[1] ?? '');
  search.delete('page');
  return hydraCollection(options.type, options.path, options.members, {
    totalItems: options.totalItems,
    view: hydraView(options.path, search, options.paging, options.totalItems),
  });
}

/**
 * The lists' paging: `itemsPerPage` by default, at most 100 asked; no `pagination=false` (so no
 * cap for it).
 */
export const paged = (itemsPerPage: number): PaginationSpec => ({
  itemsPerPage,
  maxItemsPerPage: 100,
  clientDisable: false,
  disabledCap: 0,
});

/**
 * A resource read whole (reference steps, a statistics page, an analytics figure): every row in
 * its own order (no filter or `order[…]` to ask for), no page, no scope of its own (the
 * operation's components gate it).
 */
export const readWhole: Pick<
  ResourceSpec<SelectedFields, unknown>,
  'joins' | 'filters' | 'orders' | 'defaultOrder' | 'pagination' | 'scope'
> = {
  joins: {},
  filters: [],
  orders: {},
  defaultOrder: [],
  pagination: 'none',
  scope: async () => undefined,
};
