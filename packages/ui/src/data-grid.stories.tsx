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
  initialSort = { field: 'lastName', direction: 'asc' },
  defaultSort,
  selectable = false,
}: {
  state: 'loaded' | 'loading' | 'empty' | 'error';
  onNavigate: (href: string) => void;
  initialSort?: SortOrder | null;
  defaultSort?: SortOrder;
  selectable?: boolean;
}) {
  const [sort, setSort] = useState<SortOrder | null>(initialSort);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const rows =
    state === 'loading'
      ? undefined
      : state === 'empty'
        ? []
        : serverPage(sort ?? defaultSort ?? null, page, pageSize);
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
      defaultSort={defaultSort}
      selection={
        selectable
          ? {
              selectedIds,
              onChange: setSelectedIds,
              rowLabel: (row) => `${row.lastName} ${row.firstName}, n° ${row.id}`,
            }
          : undefined
      }
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

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/**
 * Tab as a browser does it: the keydown goes to the focused element, and unless a handler
 * prevents it, focus moves to the next tabbable element after the one focused *once the
 * handlers have run*. AG Grid relies on that to let Tab leave the grid (it first moves focus
 * to its bottom guard); user-event's `tab()` starts from the element the key was pressed on.
 */
async function pressTab(shift = false) {
  const from = document.activeElement ?? document.body;
  const init = { key: 'Tab', code: 'Tab', shiftKey: shift, bubbles: true, cancelable: true };
  if (from.dispatchEvent(new KeyboardEvent('keydown', init))) {
    const tabbables = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter(
      (element) => element.tabIndex >= 0 && !element.closest('[inert], [hidden]'),
    );
    const index = tabbables.indexOf(document.activeElement as HTMLElement);
    tabbables[index + (shift ? -1 : 1)]?.focus();
  }
  (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keyup', init));
  // A person's next key comes in a later task: AG Grid finishes moving focus in a timeout.
  await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The cell or header that has focus in the grid, as 'row:column' or 'header:column'. */
function focusedCell(grid: HTMLElement): string | null {
  const active = document.activeElement;
  if (!active || !grid.contains(active)) return null;
  const cell = active.closest<HTMLElement>('[role=gridcell], [role=columnheader]');
  if (!cell) return 'inside';
  const colId = cell.getAttribute('col-id');
  if (cell.getAttribute('role') === 'columnheader') return `header:${colId}`;
  return `${cell.closest('[row-index]')?.getAttribute('row-index')}:${colId}`;
}

/** WAI-ARIA grid pattern: the grid is one Tab stop; the arrow keys move inside it. */
export const Keyboard: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const grid = canvas.getByRole('region', { name: 'Liste des clients' });
    await waitFor(() => expect(grid).toHaveTextContent('Bernard'));
    const before = canvas.getByRole('button', { name: 'Colonnes' });
    const after = canvas.getByRole('combobox', { name: 'Lignes par page' });

    // One Tab from the control before the grid lands on its first header, one more leaves it.
    before.focus();
    await pressTab();
    await expect(focusedCell(grid)).toBe('header:lastName');
    await pressTab();
    await expect(after).toHaveFocus();

    // Back in with Shift+Tab: the header left last; arrows move between headers and cells.
    await pressTab(true);
    await expect(focusedCell(grid)).toBe('header:lastName');
    await userEvent.keyboard('{ArrowDown}');
    await expect(focusedCell(grid)).toBe('0:lastName');
    await userEvent.keyboard('{ArrowRight}');
    await expect(focusedCell(grid)).toBe('0:firstName');
    await userEvent.keyboard('{ArrowDown}');
    await expect(focusedCell(grid)).toBe('1:firstName');

    // Tab leaves from a cell too; coming back either way lands on the cell left.
    await pressTab();
    await expect(after).toHaveFocus();
    await pressTab(true);
    await expect(focusedCell(grid)).toBe('1:firstName');
    await pressTab(true);
    await expect(before).toHaveFocus();
    await pressTab();
    await expect(focusedCell(grid)).toBe('1:firstName');

    // A link cell is no Tab stop of its own: Enter on the cell follows it.
    await userEvent.keyboard('{ArrowLeft}');
    await expect(focusedCell(grid)).toBe('1:lastName');
    await userEvent.keyboard('{Enter}');
    await expect(args.onNavigate).toHaveBeenCalledWith(expect.stringMatching(/^\/clients\/\d+$/));
  },
};

/** Row checkboxes: by mouse, by Space on the focused row, all of the page; a new page clears. */
export const Selection: Story = {
  args: { selectable: true },
  play: async ({ canvas, userEvent }) => {
    const grid = canvas.getByRole('region', { name: 'Liste des clients' });
    await waitFor(() => expect(grid).toHaveTextContent('Bernard'));
    const [first, second] = serverPage({ field: 'lastName', direction: 'asc' }, 1, 10);
    const rowBox = (row: Client) =>
      canvas.getByRole('checkbox', {
        name: `Sélectionner ${row.lastName} ${row.firstName}, n° ${row.id}`,
      });
    const allBox = () =>
      canvas.getByRole('checkbox', { name: 'Sélectionner toutes les lignes de la page' });
    const count = grid.parentElement!.querySelector('[aria-live][aria-atomic]')!;

    await userEvent.click(rowBox(first!));
    await expect(rowBox(first!)).toBeChecked();
    await expect(count).toHaveTextContent('1 ligne sélectionnée');
    await expect(allBox()).toBePartiallyChecked();

    // Keyboard: the grid's one Tab stop, arrows, Space on any cell of a row toggles it.
    canvas.getByRole('button', { name: 'Colonnes' }).focus();
    await pressTab();
    // Back on the cell clicked last.
    await expect(focusedCell(grid)).toBe('0:__select');
    await userEvent.keyboard('{ArrowDown}');
    await expect(focusedCell(grid)).toBe('1:__select');
    await userEvent.keyboard(' ');
    await expect(rowBox(second!)).toBeChecked();
    await expect(count).toHaveTextContent('2 lignes sélectionnées');
    await userEvent.keyboard('{ArrowRight}');
    await expect(focusedCell(grid)).toBe('1:lastName');
    await userEvent.keyboard(' ');
    await expect(rowBox(second!)).not.toBeChecked();
    await expect(count).toHaveTextContent('1 ligne sélectionnée');

    // Space on the header's box: every row of the page, then none.
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowLeft}');
    await expect(focusedCell(grid)).toBe('header:__select');
    await userEvent.keyboard(' ');
    await expect(allBox()).toBeChecked();
    await expect(count).toHaveTextContent('10 lignes sélectionnées');
    await userEvent.keyboard(' ');
    await expect(allBox()).not.toBeChecked();
    await expect(count.textContent).toBe('');

    // Another page: the selection is cleared.
    await userEvent.click(allBox());
    await expect(count).toHaveTextContent('10 lignes sélectionnées');
    await userEvent.click(canvas.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(count.textContent).toBe(''));
    await expect(allBox()).not.toBeChecked();
    await expect(canvas.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
  },
};

/**
 * AG Grid's take-over: the first focus (or pointer, or key) on the grid loads it, draws it unseen
 * and shows it in place of the static drawing.
 */
async function takeOver(grid: HTMLElement) {
  grid.querySelector<HTMLElement>('[role=columnheader]')!.focus();
  await waitFor(() => expect(grid.querySelector('[data-grid-engine=shown]')).not.toBeNull());
}

/**
 * The first page is drawn without AG Grid (a phone's main thread is spared its set-up): a plain
 * ARIA grid with the same rows. The first click (here on a header) is not lost: it sorts, and
 * AG Grid, loaded by it, is shown in place of the static drawing.
 */
export const StaticFirstPage: Story = {
  play: async ({ canvas, userEvent }) => {
    const grid = canvas.getByRole('region', { name: 'Liste des clients' });
    await waitFor(() => expect(grid).toHaveTextContent('Bernard'));
    await expect(grid.querySelector('.ag-root, [data-grid-engine]')).toBeNull();
    await expect(canvas.getByRole('grid').tagName).toBe('TABLE');
    await expect(grid.querySelectorAll('[role=row][row-index]')).toHaveLength(10);
    await expect(canvas.getByRole('columnheader', { name: 'Nom' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await userEvent.click(canvas.getByRole('columnheader', { name: 'Prénom' }));
    await waitFor(() => expect(grid.querySelector('[row-index="0"]')).toHaveTextContent('Camille'));
    await waitFor(() =>
      expect(grid.querySelector('[data-grid-engine=shown] .ag-root')).not.toBeNull(),
    );
    await expect(canvas.getByRole('columnheader', { name: 'Prénom' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    // One drawing at a time: AG Grid's rows only.
    await expect(grid.querySelectorAll('[role=row][row-index="0"]')).toHaveLength(1);
  },
};

/** Headers: never cut (they wrap), named in full, numbers aligned with their values. */
export const Headers: Story = {
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('region', { name: 'Liste des clients' });
    await waitFor(() => expect(grid).toHaveTextContent('Bernard'));
    // Drawn first without AG Grid, the same headers and alignment.
    await expect(grid.querySelector('.ag-root')).toBeNull();
    const check = async (wrapped: string[], right: string) => {
      for (const name of ['Nom', 'Prénom', 'Montant', 'Date'])
        await expect(canvas.getByRole('columnheader', { name })).toBeInTheDocument();
      const amount = canvas.getByRole('columnheader', { name: 'Montant' });
      for (const name of wrapped) await expect(amount).toHaveClass(name);
      // A cellClass of the column (red negative amounts) keeps the right alignment.
      const amounts = [...grid.querySelectorAll('[role=gridcell][col-id=amount]')];
      await expect(amounts.length).toBeGreaterThan(0);
      for (const cell of amounts) await expect(cell).toHaveClass(right);
      await expect(amounts.some((cell) => cell.classList.contains('text-danger-700'))).toBe(true);
    };
    await check([], 'text-right');
    await expect(grid.querySelector('[style*=sticky]')).toBeNull();
    await takeOver(grid);
    await check(['ag-header-cell-wrap-text', 'ag-right-aligned-header'], 'ag-right-aligned-cell');
    // Nothing is pinned on a wide screen.
    await expect(grid.querySelector('.ag-cell-last-left-pinned')).toBeNull();
  },
};

/** No order in the URL: the header shows the server's default order, and turns it over. */
export const DefaultSort: Story = {
  args: { initialSort: null, defaultSort: { field: 'lastName', direction: 'asc' } },
  play: async ({ canvas, userEvent }) => {
    const grid = canvas.getByRole('region', { name: 'Liste des clients' });
    await waitFor(() => expect(grid).toHaveTextContent('Bernard'));
    // Queried each time: AG Grid redraws a header's content when the order changes.
    const lastName = () => canvas.getByRole('columnheader', { name: 'Nom' });
    const firstName = () => canvas.getByRole('columnheader', { name: 'Prénom' });
    await expect(lastName()).toHaveAttribute('aria-sort', 'ascending');

    // Enter on a focused header sorts, as a click does.
    lastName().focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(lastName()).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() => expect(grid.querySelector('[row-index="0"]')).toHaveTextContent('Thomas'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(lastName()).toHaveAttribute('aria-sort', 'ascending'));

    // Another column: ascending, descending, then its order is dropped and the default shows.
    firstName().focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(firstName()).toHaveAttribute('aria-sort', 'ascending'));
    await expect(lastName()).toHaveAttribute('aria-sort', 'none');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(firstName()).toHaveAttribute('aria-sort', 'descending'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(lastName()).toHaveAttribute('aria-sort', 'ascending'));
    await expect(firstName()).toHaveAttribute('aria-sort', 'none');
    await expect(firstName()).toHaveFocus();
  },
};

type TestWindow = { happyDOM?: { setViewport: (size: { width: number; height: number }) => void } };

/** A phone: the name column (and the checkboxes) stay at the left while the grid scrolls. */
export const Phone: Story = {
  args: { selectable: true },
  globals: { viewport: { value: 'phone', isRotated: false } },
  beforeEach: () => {
    // Storybook narrows its frame through the viewport global; the test DOM is sized here.
    const testWindow = window as TestWindow;
    testWindow.happyDOM?.setViewport({ width: 390, height: 844 });
    return () => testWindow.happyDOM?.setViewport({ width: 1024, height: 768 });
  },
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('region', { name: 'Liste des clients' });
    await waitFor(() => expect(grid).toHaveTextContent('Bernard'));
    // Drawn first without AG Grid: the boxes and the names stick at the left.
    const sticky = (colId: string) =>
      [...grid.querySelectorAll<HTMLElement>(`[col-id="${colId}"]`)].every(
        (cell) => cell.style.position === 'sticky',
      );
    await expect(sticky('__select') && sticky('lastName')).toBe(true);
    await expect(sticky('firstName')).toBe(false);
    await takeOver(grid);
    // Each row (the header's too) has its section of cells pinned at the left.
    const header = grid.querySelector('[role=row]:has([role=columnheader])')!;
    const pinnedHeader = header.querySelector('.ag-grid-pinned-left-cells');
    await waitFor(() => expect(pinnedHeader).toHaveTextContent('Nom'));
    await expect(pinnedHeader).toHaveTextContent('Sélectionner toutes les lignes de la page');
    await expect(pinnedHeader).not.toHaveTextContent('Prénom');
    const firstRow = grid.querySelector('[row-index="0"]')!;
    const pinnedCells = firstRow.querySelector('.ag-grid-pinned-left-cells');
    await expect(pinnedCells).toHaveTextContent('Bernard');
    await expect(pinnedCells?.querySelector('input[type=checkbox]')).not.toBeNull();
    await expect(pinnedCells).not.toHaveTextContent(/€/);
    await expect(firstRow.querySelector('.ag-grid-scrolling-cells')).toHaveTextContent(/€/);
  },
};
