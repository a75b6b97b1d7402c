import { describe, expect, it } from 'vitest';
import * as kit from './index';

// One list API (issue 40): the kit offers the recipe of docs/pattern.md and nothing beside it.

declare global {
  interface ImportMeta {
    /** Vite's file list, read at build time (the package has no `vite/client` types). */
    glob: (
      patterns: string[],
      options: { query: '?raw'; import: 'default'; eager: true },
    ) => Record<string, string>;
  }
}

/** Every feature file's text, keyed by its path from this folder. */
const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('the list kit', () => {
  it('exports the recipe only', () => {
    expect(Object.keys(kit).sort()).toEqual(
      [
        // The URL's filters.
        'defaultFilters',
        'filtersFromSearch',
        'filtersToSearch',
        'urlFilter',
        // The grids' keys and the API's query.
        'activeFilterCount',
        'DIRECTIONS',
        'exportQuery',
        'filtersQuery',
        'gridFromSearch',
        'gridQuery',
        'gridToSearch',
        'lastPageOf',
        'listToSearch',
        'PAGE_SIZES',
        // A grid's spec per audience, and its columns.
        'scopedGrids',
        'column',
        'sortableColumn',
        // The screen and its declared filters.
        'useListScreen',
        'ListScreen',
        'ListFilters',
        'FilterTextField',
        'dateRangeFilter',
        'textFilters',
        // A record's frame and the way back.
        'BackLink',
        'useNavigateWithBack',
        'RecordFact',
        'RecordFrame',
        'RecordHeader',
        // A list that is not a grid: its pager, and the links of its levels.
        'ListPagination',
        'RouterLink',
      ].sort(),
    );
  });

  it('is reached through its index, or its grids module, never its inner files', () => {
    const inner = /from '[./]*list-kit\/(?!paged-grid')[^']*'/;
    expect(Object.keys(sources)).toContain('../customers/customers-page.tsx');
    expect(inner.test("import { FilterForm } from '../list-kit/filter-form';")).toBe(true);
    expect(inner.test("import { PagedGrid } from '../list-kit/paged-grid';")).toBe(false);
    const offenders = Object.entries(sources)
      .filter(([path, text]) => !path.startsWith('../list-kit/') && inner.test(text))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });
});
