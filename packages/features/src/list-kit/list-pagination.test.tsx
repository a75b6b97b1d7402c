import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { renderScreen } from '../testing';
import { ListPagination } from './list-pagination';
import type { GridSpec } from './list-url';
import { useListScreen } from './use-list-screen';

const TOTAL = 25;
const filters = z.object({});
const spec: GridSpec = { sortable: [], pageSize: 10 };

/** A list of tasks (not a grid) whose page is the recipe's. */
function Tasks() {
  const grid = useListScreen({ filters, grids: [spec] }).grid(spec);
  const tasks = useQuery({
    queryKey: ['tasks', grid.query],
    queryFn: () => ({ 'hydra:member': [], 'hydra:totalItems': TOTAL }),
  });
  return (
    <>
      <p>Page {grid.state.page}</p>
      <ListPagination grid={grid} list={tasks} label="Pages des tâches" formatTotal={String} />
    </>
  );
}

describe('ListPagination', () => {
  it('writes the page in the URL', async () => {
    renderScreen(<Tasks />, { url: '/tasks' });
    await userEvent.click(await screen.findByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the last page beyond it, and corrects the URL in place', async () => {
    const before = history.length;
    renderScreen(<Tasks />, { url: '/tasks?page=99' });
    await waitFor(() => expect(window.location.search).toBe('?page=3'));
    expect(history.length).toBe(before);
    expect(screen.getByText('Page 3')).toBeInTheDocument();
    const pager = await screen.findByRole('navigation', { name: 'Pages des tâches' });
    expect(pager).toHaveTextContent('25');
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });
});
