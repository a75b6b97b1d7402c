import {
  customerHeaders,
  exportCustomers,
  listCustomersQuery,
  type Customer,
} from '@portal/api/customers';
import { limits } from '@portal/api/limits';
import { Gate } from '@portal/auth';
import type { DataGridColumn } from '@portal/ui/data-grid';
import { ExportButton } from '@portal/ui/export-button';
import { formatDate } from '@portal/ui/format';
import { lastYears, YearButtons } from '@portal/ui/year-buttons';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import * as z from 'zod/mini';
import {
  column,
  type FilterField,
  ListFilters,
  ListScreen,
  scopedGrids,
  sortableColumn,
  textFilters,
  urlFilter,
  useListScreen,
} from '../list-kit';
import { PagedGrid } from '../list-kit/paged-grid';
import { agentPaths } from '../paths';
import { staffPaths } from '../paths/staff';
import { exerciceOf } from '../common';
import { messages } from './messages';

const TYPES = ['', 'realEstate', 'investment'] as const;
/** Spec part 1 §9: page size 10, the last 20 years. */
const YEAR_COUNT = 20;
const GRIDS = scopedGrids(
  {
    sortable: [
      'lastName',
      'firstName',
      'zipCode',
      'dueRealEstateTotalAmount',
      'outstandingRealEstateTotalAmount',
      'actedInvestmentsTotalAmount',
      'outstandingInvestmentsTotalAmount',
    ],
    // Shown on the name's header; the API then sorts by first name (spec: last, then first name).
    defaultSort: { field: 'lastName', direction: 'asc' },
    pageSize: 10,
  },
  'customers',
);

/** The URL keys are the API's parameter names (`years=2026,2024`). */
const TEXT = textFilters({
  lastName: { label: customerHeaders.list.lastName, maxLength: limits.textFilter },
  firstName: { label: customerHeaders.list.firstName, maxLength: limits.textFilter },
  zipCode: { label: customerHeaders.list.zipCode, maxLength: limits.zipCodeFilter },
});
const filterSchema = z.object({
  ...TEXT.schema,
  years: urlFilter.years(),
  type: urlFilter.oneOf(TYPES, ''),
});
const FIELDS: FilterField<z.output<typeof filterSchema>>[] = [
  ...TEXT.fields,
  { kind: 'select', key: 'type', label: messages.type, options: messages.types },
];

const yearsOf = (years: string) => (years ? years.split(',').map(Number) : []);
const reminder = (value: Customer['lastReminder']) =>
  value ? `${formatDate(value.date)} · ${value.title}` : '';

const headers = customerHeaders.list;

/** The customer's totals (the four euro columns). */
type AmountKey = Exclude<
  { [K in keyof Customer]: Customer[K] extends number ? K : never }[keyof Customer],
  undefined
>;

function columnsFor(scope: 'mine' | 'network'): DataGridColumn<Customer>[] {
  const euros = (field: AmountKey, header: string) =>
    sortableColumn<Customer>(field, header, (c) => c[field], 'euros');
  return [
    {
      ...sortableColumn<Customer>('lastName', headers.lastName, (c) => c.clientLastName),
      alwaysVisible: true,
      href: (c) =>
        scope === 'mine' ? agentPaths.customerDetail(c.id) : staffPaths.customerDetail(c.id),
    },
    sortableColumn('firstName', headers.firstName, (c) => c.clientFirstName),
    { ...sortableColumn('zipCode', headers.zipCode, (c) => c.zipCode), minWidth: 110 },
    ...(scope === 'network'
      ? [
          column<Customer>(
            'agent',
            headers.agent,
            (c) => `${c.consultant.fullName} (${c.consultant.idCgp})`,
          ),
        ]
      : []),
    euros('dueRealEstateTotalAmount', headers.dueRealEstate),
    euros('outstandingRealEstateTotalAmount', headers.outstandingRealEstate),
    euros('actedInvestmentsTotalAmount', headers.actedInvestments),
    euros('outstandingInvestmentsTotalAmount', headers.outstandingInvestments),
    {
      ...column('lastReminder', headers.lastReminder, (c) => reminder(c.lastReminder)),
      minWidth: 160,
    },
    {
      ...column('nextReminder', headers.nextReminder, (c) => reminder(c.nextReminder)),
      minWidth: 160,
    },
  ];
}

/**
 * /my-customers (agent, his own customers) and /customers (staff, every customer with the
 * agent column): filters and sort in the URL, a server-paged grid of 10, and the export of the
 * same filtered list (`customers_export`).
 */
export function CustomersPage({ scope }: { scope: 'mine' | 'network' }) {
  const list = useListScreen({ filters: filterSchema, grids: [GRIDS[scope]] });
  const grid = list.grid(GRIDS[scope]);
  const customers = useQuery(listCustomersQuery(grid.query));
  const columns = useMemo(() => columnsFor(scope), [scope]);
  const years = useMemo(() => lastYears(exerciceOf(new Date()), YEAR_COUNT), []);

  return (
    <ListScreen
      title={scope === 'mine' ? messages.myTitle : messages.networkTitle}
      exportButton={
        <Gate component="customers_export">
          <ExportButton onExport={(onProgress) => exportCustomers(grid.exportQuery, onProgress)} />
        </Gate>
      }
      filters={
        <ListFilters list={list} label={messages.filtersLabel} fields={FIELDS}>
          {(draft, set) => (
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
          )}
        </ListFilters>
      }
    >
      <PagedGrid grid={grid} columns={columns} list={customers} texts={messages.grid} />
    </ListScreen>
  );
}
