import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { DataGrid, type DataGridColumn, type SortOrder } from './data-grid';

type Client = { id: number; lastName: string; firstName: string; amount: number; date: string };

const LAST_NAMES = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit'];
const FIRST_NAMES = ['Claire', 'Julien', 'Élodie', 'Lucas', 'Sophie', 'Hugo', 'Camille'];
const ALL: Client[] = Array.from({ length: 37 }, (_, index) => ({
  id: index + 1,
  lastName: LAST_NAMES[index % LAST_NAMES.length]!,
  firstName: FIRST_NAMES[(index * 3) % FIRST_NAMES.length]!,
  amount: (index % 5 === 4 ? -1 : 1) * (index + 1) * 12_500,
  date: `2026-${String((index % 12) + 1).padStart(2, '0')}-15`,
}));

const columns: DataGridColumn<Client>[] = [
  {
    field: 'lastName',
    header: 'Nom',
    value: (row) => row.lastName,
    sortable: true,
    href: (row) => `/clients/${row.id}`,
    alwaysVisible: true,
  },
  { field: 'firstName', header: 'Prénom', value: (row) => row.firstName, sortable: true },
  {
    field: 'amount',
    header: 'Montant',
    value: (row) => row.amount,
    format: 'euros',
    sortable: true,
    cellClass: (row) => (row.amount < 0 ? 'text-danger-700' : undefined),
  },
  { field: 'date', header: 'Date', value: (row) => row.date, format: 'date' },
];

/** A server in miniature: sorts and pages like the backend would. */
function serverPage(sort: SortOrder | null, page: number, pageSize: number) {
  const sorted = [...ALL];
  if (sort) {
    const key = sort.field as keyof Client;
    sorted.sort((a, b) => {
      const order = String(a[key]).localeCompare(String(b[key]), 'fr', { numeric: true });
      return sort.direction === 'asc' ? order : -order;
    });
  }
  return sorted.slice((page - 1) * pageSize, page * pageSize);
}

function ServerGrid({
  state,
  onNavigate,
}: {
  state: 'loaded' | 'loading' | 'empty' | 'error';
  onNavigate: (href: string) => void;
}) {
  const [sort, setSort] = useState<SortOrder | null>({ field: 'lastName', direction: 'asc' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const rows =
    state === 'loading' ? undefined : state === 'empty' ? [] : serverPage(sort, page, pageSize);
  return (
    <DataGrid
      label="Liste des clients"
      columns={columns}
      rows={rows}
      getRowId={(row) => String(row.id)}
      totalItems={state === 'empty' ? 0 : ALL.length}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      onPageSizeChange={(size) => {
        setPageSize(size);
        setPage(1);
      }}
      sort={sort}
      onSortChange={(next) => {
        setSort(next);
        setPage(1);
      }}
      loading={state === 'loading'}
      error={state === 'error' ? 'Le serveur ne répond pas.' : null}
      onRetry={() => undefined}
      emptyMessage="Aucun client ne correspond à ces filtres."
      storageKey="story:clients"
      onNavigate={onNavigate}
    />
  );
}

const meta = {
  title: 'Data/DataGrid',
  component: ServerGrid,
  args: { state: 'loaded', onNavigate: fn() },
  beforeEach: () => localStorage.removeItem('data-grid:story:clients'),
} satisfies Meta<typeof ServerGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ServerPaging: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const grid = canvas.getByRole('region', { name: 'Liste des clients' });
    await waitFor(() => expect(grid).toHaveTextContent('Bernard'));
    await expect(canvas.getByText('37 résultats')).toBeInTheDocument();
    // Euros without decimals, French dates.
    await expect(grid).toHaveTextContent(/12\s500\s€/);
    await expect(grid).toHaveTextContent('15/01/2026');

    await userEvent.click(canvas.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );

    // A header click asks the server for that order, from the first page.
    await userEvent.click(canvas.getByText('Prénom'));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
    await waitFor(() => expect(grid.querySelector('[row-index="0"]')).toHaveTextContent('Camille'));

    await userEvent.click(canvas.getAllByRole('link', { name: /./ })[0]!);
    await expect(args.onNavigate).toHaveBeenCalledWith(expect.stringMatching(/^\/clients\/\d+$/));
  },
};

export const ColumnChooser: Story = {
  play: async ({ canvas, userEvent }) => {
    const grid = canvas.getByRole('region', { name: 'Liste des clients' });
    await waitFor(() => expect(grid).toHaveTextContent('Prénom'));
    await userEvent.click(canvas.getByRole('button', { name: 'Colonnes' }));
    const firstName = await waitFor(() =>
      document.querySelector<HTMLInputElement>('input[type=checkbox]'),
    );
    await expect(firstName).toBeChecked();
    await userEvent.click(firstName!);
    await waitFor(() => expect(grid).not.toHaveTextContent('Prénom'));
    await expect(localStorage.getItem('data-grid:story:clients')).toBe('["firstName"]');
  },
};

export const Empty: Story = {
  args: { state: 'empty' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Aucun client ne correspond à ces filtres.',
    );
    await expect(canvas.getByText('0 résultat')).toBeInTheDocument();
  },
};

export const Loading: Story = { args: { state: 'loading' } };

export const Failed: Story = {
  args: { state: 'error' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Le serveur ne répond pas.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  },
};
