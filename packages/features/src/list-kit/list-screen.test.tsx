import type { DataGridColumn } from '@portal/ui/data-grid';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { renderScreen } from '../testing';
import { FilterTextField, ListFilters, ListScreen } from './list-screen';
import type { StoredGridSpec } from './list-url';
import { PagedGrid } from './paged-grid';
import { urlFilter } from './url-filters';
import { useListScreen } from './use-list-screen';

type Row = { id: number; name: string };
const TOTAL = 53;
const filters = z.object({ name: urlFilter.text(10) });
const spec: StoredGridSpec = {
  sortable: ['name'],
  pageSize: 10,
  pageSizes: [5, 10, 25],
  storageKey: 'lines',
};
const columns: DataGridColumn<Row>[] = [
  { field: 'name', header: 'Nom', value: (row) => row.name, sortable: true },
];
const queries: Record<string, unknown>[] = [];

function Screen({ fail = false, none = false }: { fail?: boolean; none?: boolean }) {
  const list = useListScreen({ filters, grids: [spec] });
  const grid = list.grid(spec);
  const rows = useQuery({
    queryKey: ['rows', grid.query, fail, none],
    queryFn: () => {
      queries.push(grid.query);
      if (fail) throw new Error('panne');
      const total = list.filters.name || none ? 0 : TOTAL;
      const from = (grid.state.page - 1) * grid.state.pageSize;
      const member = Array.from(
        { length: Math.max(0, Math.min(grid.state.pageSize, total - from)) },
        (_, index) => ({ id: from + index + 1, name: `Ligne ${from + index + 1}` }),
      );
      return { 'hydra:member': member, 'hydra:totalItems': total };
    },
    retry: false,
  });
  return (
    <ListScreen
      title="Lignes"
      filters={
        <ListFilters list={list} label="Filtres des lignes">
          {(draft, set) => (
            <FilterTextField
              label="Nom"
              maxLength={10}
              value={draft.name}
              onChange={(event) => set({ name: event.target.value })}
            />
          )}
        </ListFilters>
      }
    >
      <PagedGrid
        grid={grid}
        columns={columns}
        list={rows}
        texts={{
          label: 'Liste des lignes',
          empty: { none: 'Aucune ligne pour le moment.', filtered: 'Aucune ligne ne correspond.' },
          total: (total) => `${total} lignes`,
        }}
        bulkActions={{
          rowLabel: (row) => row.name,
          render: (ids, clear) => (
            <button type="button" onClick={clear}>
              Supprimer {ids.join(', ')}
            </button>
          ),
        }}
      />
      {/* Stands for the grid's checkboxes (DataGrid's selection prop). */}
      <button type="button" onClick={() => grid.select(['1', '2'])}>
        Choisir 1 et 2
      </button>
    </ListScreen>
  );
}

describe('a list screen', () => {
  it('shows the defaults on a tampered URL', async () => {
    renderScreen(<Screen />, { url: '/lines?page=-1&itemsPerPage=100000&order%5Bx%5D=up' });
    const grid = await screen.findByRole('region', { name: 'Liste des lignes' });
    await waitFor(() => expect(grid).toHaveTextContent('Ligne 1'));
    expect(queries.at(-1)).toEqual({ page: 1, itemsPerPage: 10 });
  });

  it('shows the last page beyond it, and corrects the URL in place', async () => {
    const before = history.length;
    renderScreen(<Screen />, { url: '/lines?page=99999' });
    // The region is rebuilt once the page is corrected: look it up each time.
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Liste des lignes' })).toHaveTextContent(
        'Ligne 53',
      ),
    );
    expect(window.location.search).toBe('?page=6');
    expect(history.length).toBe(before);
    expect(screen.getByText('53 lignes')).toBeInTheDocument();
  });

  it('applies the draft on Filtrer (page 1), says when filters match nothing, resets', async () => {
    const user = userEvent.setup();
    renderScreen(<Screen />, { url: '/lines?page=3&order%5Bname%5D=desc' });
    const form = screen.getByRole('search', { name: 'Filtres des lignes' });
    const field = within(form).getByLabelText('Nom');
    await user.type(field, 'Martin Dupont-Durand');
    // The contract's limit: the field takes no more, and says so.
    expect(field).toHaveValue('Martin Dup');
    expect(within(form).getByText('10 caractères au plus.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Filtrer' }));
    await waitFor(() =>
      expect(window.location.search).toBe('?name=Martin+Dup&order%5Bname%5D=desc'),
    );
    expect(await screen.findByText('Aucune ligne ne correspond.')).toBeInTheDocument();
    // The phone's disclosure counts the filters set.
    expect(screen.getByRole('button', { name: 'Filtres (1)' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.click(within(form).getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(field).toHaveValue('');
  });

  it('says there is none yet when no filter is set', async () => {
    renderScreen(<Screen none />, { url: '/lines' });
    expect(await screen.findByText('Aucune ligne pour le moment.')).toBeInTheDocument();
  });

  it('hides the count while the list is in error', async () => {
    renderScreen(<Screen fail />, { url: '/lines' });
    expect(await screen.findByText(/Une erreur est survenue : panne/)).toBeInTheDocument();
    expect(screen.queryByText(/0 lignes/)).toBeNull();
  });

  it('keeps the selection for the bulk actions until the page, sort or filters change', async () => {
    const user = userEvent.setup();
    renderScreen(<Screen />, { url: '/lines' });
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Liste des lignes' })).toHaveTextContent('Ligne 1'),
    );
    await user.click(screen.getByRole('button', { name: 'Choisir 1 et 2' }));
    const bar = screen.getByRole('region', { name: '2 lignes sélectionnées' });
    expect(within(bar).getByRole('button', { name: 'Supprimer 1, 2' })).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Supprimer 1, 2' }));
    expect(screen.queryByRole('region', { name: '2 lignes sélectionnées' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Choisir 1 et 2' }));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    expect(screen.queryByRole('region', { name: '2 lignes sélectionnées' })).toBeNull();
  });
});
