import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  activeFilterCount,
  exportQuery,
  filtersQuery,
  gridFromSearch,
  gridQuery,
  type GridSpec,
  lastPageOf,
  listToSearch,
} from './list-url';
import { filtersFromSearch, urlFilter } from './url-filters';

const schema = z.object({
  lastName: urlFilter.text(180),
  type: urlFilter.oneOf(['', 'realEstate', 'investment'] as const, ''),
  exercice: urlFilter.years(),
  selected: urlFilter.id(),
});
const main: GridSpec = {
  sortable: ['lastName', 'amount'],
  defaultSort: { field: 'amount', direction: 'desc' },
  pageSize: 10,
  pageSizes: [5, 10, 25],
};
const direct: GridSpec = { prefix: 'direct.', sortable: ['lastName'], pageSize: 25 };
const params = (search: string) => new URLSearchParams(search);

describe('a grid in the URL', () => {
  it('reads its page, size and sort, and its defaults when absent', () => {
    expect(gridFromSearch(main, params(''))).toEqual({ page: 1, pageSize: 10, sort: null });
    expect(gridFromSearch(main, params('page=3&itemsPerPage=25&order%5BlastName%5D=asc'))).toEqual({
      page: 3,
      pageSize: 25,
      sort: { field: 'lastName', direction: 'asc' },
    });
  });

  it('falls back to the defaults on a tampered URL, without a crash', () => {
    const tampered = params('page=-1&itemsPerPage=100000&order%5Bx%5D=up&order%5BlastName%5D=up');
    expect(gridFromSearch(main, tampered)).toEqual({ page: 1, pageSize: 10, sort: null });
    expect(gridFromSearch(main, params('page=abc&itemsPerPage=7')).page).toBe(1);
    expect(gridFromSearch(main, params('page=2.5')).page).toBe(1);
    // A size the grid does not offer, or any size on a grid offering none.
    expect(gridFromSearch(main, params('itemsPerPage=7')).pageSize).toBe(10);
    expect(gridFromSearch(direct, params('direct.itemsPerPage=5')).pageSize).toBe(25);
  });

  it('keeps a second grid under its prefix', () => {
    const search = params('page=2&direct.page=4&direct.order%5BlastName%5D=desc');
    expect(gridFromSearch(direct, search)).toEqual({
      page: 4,
      pageSize: 25,
      sort: { field: 'lastName', direction: 'desc' },
    });
    expect(gridFromSearch(main, search)).toEqual({ page: 2, pageSize: 10, sort: null });
  });

  it('writes only what differs from the defaults, filters first, then each grid', () => {
    const filters = filtersFromSearch(schema, 'lastName=Martin');
    const search = listToSearch(schema, filters, [
      [main, { page: 1, pageSize: 10, sort: null }],
      [direct, { page: 3, pageSize: 25, sort: { field: 'lastName', direction: 'asc' } }],
    ]);
    expect(search.toString()).toBe('lastName=Martin&direct.order%5BlastName%5D=asc&direct.page=3');
    const sized = listToSearch(schema, filters, [
      [main, { page: 2, pageSize: 25, sort: { field: 'amount', direction: 'asc' } }],
    ]);
    expect(sized.toString()).toBe('lastName=Martin&order%5Bamount%5D=asc&page=2&itemsPerPage=25');
  });

  it('reads back what it writes', () => {
    const state = { page: 7, pageSize: 5, sort: { field: 'lastName', direction: 'desc' } as const };
    const search = listToSearch(schema, filtersFromSearch(schema, ''), [[main, state]]);
    expect(gridFromSearch(main, search)).toEqual(state);
  });
});

describe('the API query', () => {
  it('is the URL filters unchanged, without empty values nor page state', () => {
    const filters = filtersFromSearch(schema, 'lastName=%20Martin%20&type=investment&selected=4');
    expect(filtersQuery(schema, filters, ['selected'])).toEqual({
      lastName: 'Martin',
      type: 'investment',
    });
  });

  it('adds the page, size and sort, the default sort while none is chosen', () => {
    const query = gridQuery(main, { page: 2, pageSize: 25, sort: null }, { lastName: 'Martin' });
    expect(
      new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString(),
    ).toBe('lastName=Martin&page=2&itemsPerPage=25&order%5Bamount%5D=desc');
    expect(
      gridQuery(main, { page: 1, pageSize: 10, sort: { field: 'lastName', direction: 'asc' } }, {}),
    ).toEqual({ page: 1, itemsPerPage: 10, 'order[lastName]': 'asc' });
    // The URL's prefix is not the API's.
    expect(gridQuery(direct, { page: 3, pageSize: 25, sort: null }, {})).toEqual({
      page: 3,
      itemsPerPage: 25,
    });
  });

  it('for an export: the filters and the sort, no page', () => {
    expect(
      exportQuery(main, { page: 4, pageSize: 25, sort: null }, { type: 'investment' }),
    ).toEqual({ type: 'investment', 'order[amount]': 'desc' });
  });

  it('drops a text longer than the contract allows (a tampered URL)', () => {
    const filters = filtersFromSearch(schema, `lastName=${'a'.repeat(181)}`);
    expect(filters.lastName).toBe('');
  });
});

describe('the pages and the count of filters', () => {
  it('gives the last page of a total', () => {
    expect(lastPageOf(53, 10)).toBe(6);
    expect(lastPageOf(50, 10)).toBe(5);
    expect(lastPageOf(0, 10)).toBe(1);
  });

  it('counts the filters set, not the page state', () => {
    const filters = filtersFromSearch(schema, 'lastName=Martin&exercice=2026&selected=3');
    expect(activeFilterCount(schema, filters, ['selected'])).toBe(2);
    expect(activeFilterCount(schema, filtersFromSearch(schema, ''))).toBe(0);
  });
});
