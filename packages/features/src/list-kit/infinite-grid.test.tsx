import type { DataGridColumn } from '@portal/ui/data-grid';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { renderScreen } from '../testing';
import type { StoredGridSpec } from './list-url';
import { InfiniteGrid } from './paged-grid';
import { urlFilter } from './url-filters';
import { useListScreen } from './use-list-screen';

type Row = { id: number; name: string };
const TOTAL = 23;
const filters = z.object({ name: urlFilter.text(10) });
const spec: StoredGridSpec = {
  sortable: ['name'],
  defaultSort: { field: 'name', direction: 'desc' },
  pageSize: 10,
  storageKey: 'lines',
};
const columns: DataGridColumn<Row>[] = [
  { field: 'name', header: 'Nom', value: (row) => row.name, sortable: true },
];
const asked: { page: number; query: Record<string, unknown> }[] = [];

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
const observers: Callback[] = [];
class FakeObserver {
  constructor(callback: Callback) {
    observers.push(callback);
  }
  observe() {}
  disconnect() {}
}

function Screen() {
  const list = useListScreen({ filters, grids: [spec] });
  const grid = list.grid(spec);
  const rows = useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['rows', grid.pagesQuery],
      initialPageParam: 1,
      queryFn: ({ pageParam }) => {
        asked.push({ page: pageParam, query: grid.pagesQuery });
        const from = (pageParam - 1) * 10;
        const member = Array.from({ length: Math.min(10, TOTAL - from) }, (_, index) => ({
          id: from + index + 1,
          name: `Ligne ${from + index + 1}`,
        }));
        return { 'hydra:member': member, 'hydra:totalItems': TOTAL };
      },
      getNextPageParam: (_last, pages, page) =>
        pages.flatMap((p) => p['hydra:member']).length < TOTAL ? page + 1 : undefined,
    }),
  );
  return (
    <InfiniteGrid
      grid={grid}
      columns={columns}
      list={rows}
      texts={{
        label: 'Liste des lignes',
        empty: 'Aucune ligne.',
        total: (total) => `${total} lignes`,
      }}
      endMessage="Plus rien à afficher."
    />
  );
}

const rowCount = () =>
  within(screen.getByRole('region', { name: 'Liste des lignes' }))
    .getByRole('grid')
    .getAttribute('aria-rowcount');

describe('InfiniteGrid', () => {
  afterEach(() => {
    asked.length = 0;
    observers.length = 0;
    vi.unstubAllGlobals();
  });

  it('asks the filters, size and sort without the page, then loads more as the end nears', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    renderScreen(<Screen />, { url: '/lines?page=4' });
    await waitFor(() => expect(rowCount()).toBe('11'));
    // The URL's page is no business of a grid that loads more.
    expect(asked[0]).toEqual({
      page: 1,
      query: { itemsPerPage: 10, 'order[name]': 'desc' },
    });
    expect(screen.getByText('23 lignes')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: /Pagination/ })).toBeNull();

    observers.at(-1)!([{ isIntersecting: false }]);
    expect(asked).toHaveLength(1);
    observers.at(-1)!([{ isIntersecting: true }]);
    await waitFor(() => expect(rowCount()).toBe('21'));
    expect(asked.at(-1)?.page).toBe(2);
    expect(screen.queryByText('Plus rien à afficher.')).toBeNull();
  });

  it('loads more with the button, says the end, and starts over on a new sort', async () => {
    const user = userEvent.setup();
    renderScreen(<Screen />, { url: '/lines' });
    await waitFor(() => expect(rowCount()).toBe('11'));
    await user.click(screen.getByRole('button', { name: 'Charger plus' }));
    await waitFor(() => expect(rowCount()).toBe('21'));
    await user.click(screen.getByRole('button', { name: 'Charger plus' }));
    await waitFor(() => expect(rowCount()).toBe('24'));
    expect(screen.getByText('Plus rien à afficher.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Charger plus' })).toBeNull();

    await user.click(screen.getByText('Nom'));
    await waitFor(() => expect(window.location.search).toBe('?order%5Bname%5D=asc'));
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({
        page: 1,
        query: { itemsPerPage: 10, 'order[name]': 'asc' },
      }),
    );
    await waitFor(() => expect(rowCount()).toBe('11'));
  });
});
