import { type InvoicesItem, listInvoicesQuery } from '@portal/api/invoices';
import type { DataGridColumn } from '@portal/ui/data-grid';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  FilterTextField,
  type GridSpec,
  ListFilters,
  ListScreen,
  urlFilter,
  useListScreen,
} from '../list-kit';
import { PagedGrid } from '../list-kit/paged-grid';
import { messages } from './messages';

/** The contract's `maxLength` of the `label` filter. */
const LABEL_MAX = 120;
const GRID: GridSpec = {
  sortable: ['label'],
  defaultSort: { field: 'label', direction: 'asc' },
  pageSize: 10,
};

/** The list's URL filters: their keys are the API's parameter names. */
const filterSchema = z.object({
  label: urlFilter.text(LABEL_MAX),
});

const columns: DataGridColumn<InvoicesItem>[] = [
  {
    field: 'label',
    header: messages.label,
    value: (row) => row.label,
    sortable: true,
    alwaysVisible: true,
    minWidth: 200,
    flex: 1,
  },
];

/**
 * Mes Factures (`invoices_page`): filters, page and sort in the URL, a server-paged grid.
 * Scaffolded by `node scripts/new-area.mjs` on the list recipe (`ListScreen`).
 */
export function InvoicesPage() {
  const list = useListScreen({ filters: filterSchema, grids: [GRID] });
  const grid = list.grid(GRID);
  const rows = useQuery(listInvoicesQuery(grid.query));
  return (
    <ListScreen
      title={messages.title}
      filters={
        <ListFilters list={list} label={messages.filtersLabel}>
          {(draft, set) => (
            <FilterTextField
              label={messages.label}
              maxLength={LABEL_MAX}
              value={draft.label}
              onChange={(event) => set({ label: event.target.value })}
            />
          )}
        </ListFilters>
      }
    >
      <PagedGrid
        grid={grid}
        label={messages.grid}
        columns={columns}
        list={rows}
        storageKey="invoices"
        empty={{ none: messages.none, filtered: messages.empty }}
        totalLabel={messages.total}
      />
    </ListScreen>
  );
}
