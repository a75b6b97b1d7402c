import { exportCustomers, listCustomersQuery, type Customer } from '@portal/api/customers';
import { Gate, useSession } from '@portal/auth';
import {
  DATA_GRID_LABELS_FR,
  DataGrid,
  type DataGridColumn,
  type SortOrder,
} from '@portal/ui/data-grid';
import { ExportButton } from '@portal/ui/export-button';
import { formatDate } from '@portal/ui/format';
import { SelectField } from '@portal/ui/select-field';
import { TextField } from '@portal/ui/text-field';
import { lastYears, YearButtons } from '@portal/ui/year-buttons';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import * as z from 'zod/mini';
import {
  FilterForm,
  ListPage,
  urlFilter,
  useDraft,
  useNavigateWithBack,
  useUrlFilters,
} from '../list-kit';
import { agentPaths, staffPaths } from '../paths';
import { messages } from './messages';

const TYPES = ['', 'realEstate', 'investment'] as const;
const DIRECTIONS = ['', 'asc', 'desc'] as const;
const SORTABLE = ['lastName', 'firstName', 'zipCode'] as const;
/** Spec part 1 §9: page size 10, the last 20 years. */
const PAGE_SIZE = 10;
const YEAR_COUNT = 20;

/** The URL keys are the API's parameter names (`order[lastName]=desc`, `years=2026,2024`). */
const filterSchema = z.object({
  lastName: urlFilter.text(),
  firstName: urlFilter.text(),
  zipCode: urlFilter.text(),
  years: urlFilter.years(),
  type: urlFilter.oneOf(TYPES, ''),
  'order[lastName]': urlFilter.oneOf(DIRECTIONS, ''),
  'order[firstName]': urlFilter.oneOf(DIRECTIONS, ''),
  'order[zipCode]': urlFilter.oneOf(DIRECTIONS, ''),
  page: urlFilter.page(),
});
type Filters = z.output<typeof filterSchema>;
type OrderKey = `order[${(typeof SORTABLE)[number]}]`;

const yearsOf = (years: string) => (years ? years.split(',').map(Number) : []);
const reminder = (value: Customer['lastReminder']) =>
  value ? `${formatDate(value.date)} · ${value.title}` : '';

function columnsFor(scope: 'mine' | 'network'): DataGridColumn<Customer>[] {
  return [
    {
      field: 'lastName',
      header: messages.lastName,
      value: (c) => c.clientLastName,
      sortable: true,
      alwaysVisible: true,
      href: (c) =>
        scope === 'mine' ? agentPaths.customerDetail(c.id) : staffPaths.customerDetail(c.id),
    },
    {
      field: 'firstName',
      header: messages.firstName,
      value: (c) => c.clientFirstName,
      sortable: true,
    },
    {
      field: 'zipCode',
      header: messages.zipCode,
      value: (c) => c.zipCode,
      sortable: true,
      minWidth: 110,
    },
    ...(scope === 'network'
      ? [
          {
            field: 'agent',
            header: messages.agent,
            value: (c: Customer) => `${c.consultant.fullName} (${c.consultant.idCgp})`,
          },
        ]
      : []),
    {
      field: 'dueRealEstate',
      header: messages.dueRealEstate,
      value: (c) => c.dueRealEstateTotalAmount,
      format: 'euros',
    },
    {
      field: 'outstandingRealEstate',
      header: messages.outstandingRealEstate,
      value: (c) => c.outstandingRealEstateTotalAmount,
      format: 'euros',
    },
    {
      field: 'actedInvestments',
      header: messages.actedInvestments,
      value: (c) => c.actedInvestmentsTotalAmount,
      format: 'euros',
    },
    {
      field: 'outstandingInvestments',
      header: messages.outstandingInvestments,
      value: (c) => c.outstandingInvestmentsTotalAmount,
      format: 'euros',
    },
    {
      field: 'lastReminder',
      header: messages.lastReminder,
      value: (c) => reminder(c.lastReminder),
      minWidth: 160,
    },
    {
      field: 'nextReminder',
      header: messages.nextReminder,
      value: (c) => reminder(c.nextReminder),
      minWidth: 160,
    },
  ];
}

/** The API's query from the URL filters: empty values and the default order left out. */
function queryOf(filters: Filters) {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== '' && !(key === 'page' && value === 1)) query[key] = value as string | number;
  }
  return query;
}

function sortOf(filters: Filters): SortOrder | null {
  for (const field of SORTABLE) {
    const direction = filters[`order[${field}]`];
    if (direction) return { field, direction };
  }
  return null;
}

/**
 * /my-customers (agent, his own customers) and /customers (staff, every customer with the
 * agent column): filters and sort in the URL, a server-paged grid of 10, and the export of the
 * same filtered list (`customers_export`).
 */
export function CustomersPage({ scope }: { scope: 'mine' | 'network' }) {
  const userId = useSession()?.userId ?? 0;
  const navigate = useNavigateWithBack();
  const { filters, defaults, apply, reset } = useUrlFilters(filterSchema);
  const query = queryOf(filters);
  const list = useQuery(listCustomersQuery({ ...query, itemsPerPage: PAGE_SIZE }));
  const columns = useMemo(() => columnsFor(scope), [scope]);
  const { page: _page, ...exportFilters } = query;

  const onSort = (sort: SortOrder | null) => {
    const orders = Object.fromEntries(SORTABLE.map((field) => [`order[${field}]`, ''])) as Record<
      OrderKey,
      ''
    >;
    apply({ ...orders, ...(sort ? { [`order[${sort.field}]`]: sort.direction } : {}), page: 1 });
  };

  return (
    <ListPage
      title={scope === 'mine' ? messages.myTitle : messages.networkTitle}
      action={
        <Gate component="customers_export">
          <ExportButton onExport={(onProgress) => exportCustomers(exportFilters, onProgress)} />
        </Gate>
      }
    >
      <CustomerFilters value={filters} defaults={defaults} onApply={apply} onReset={reset} />
      <DataGrid
        label={messages.grid}
        columns={columns}
        rows={list.data?.['hydra:member']}
        getRowId={(customer) => String(customer.id)}
        totalItems={list.data?.['hydra:totalItems'] ?? 0}
        page={filters.page}
        pageSize={PAGE_SIZE}
        onPageChange={(page) => apply({ page })}
        sort={sortOf(filters)}
        onSortChange={onSort}
        loading={list.isFetching}
        error={list.isError ? messages.error(list.error.message) : null}
        onRetry={() => void list.refetch()}
        emptyMessage={messages.empty}
        storageKey={`customers-${scope}:${userId}`}
        onNavigate={navigate}
        labels={{ ...DATA_GRID_LABELS_FR, total: messages.total }}
      />
    </ListPage>
  );
}

function CustomerFilters({
  value,
  defaults,
  onApply,
  onReset,
}: {
  value: Filters;
  defaults: Filters;
  onApply: (next: Partial<Filters>) => void;
  onReset: () => void;
}) {
  const [draft, set, setDraft] = useDraft(value);
  const years = useMemo(() => lastYears(new Date().getFullYear(), YEAR_COUNT), []);
  return (
    <FilterForm
      label={messages.filtersLabel}
      onSubmit={() => onApply({ ...draft, page: 1 })}
      onReset={() => {
        setDraft(defaults);
        onReset();
      }}
      className="space-y-4 rounded-card bg-surface p-4 shadow-sm"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label={messages.lastName}
          value={draft.lastName}
          onChange={(e) => set({ lastName: e.target.value })}
        />
        <TextField
          label={messages.firstName}
          value={draft.firstName}
          onChange={(e) => set({ firstName: e.target.value })}
        />
        <TextField
          label={messages.zipCode}
          value={draft.zipCode}
          onChange={(e) => set({ zipCode: e.target.value })}
        />
        <SelectField
          label={messages.type}
          options={[...messages.types]}
          value={draft.type}
          onChange={(e) => set({ type: e.target.value as Filters['type'] })}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink">{messages.years}</legend>
        <YearButtons
          label={messages.years}
          years={years}
          value={yearsOf(draft.years)}
          onChange={(chosen) => set({ years: chosen.join(',') })}
          multiple
          allLabel={messages.allYears}
        />
      </fieldset>
    </FilterForm>
  );
}
