import { exportVlps, getVlpsYearQuery, listVlpsQuery, type Vlp } from '@portal/api/sales';
// Subpaths, not the package's index (see docs/budgets.md).
import { Gate } from '@portal/auth/guard';
import type { CalendarDay } from '@portal/ui/calendar-day';
import { type DataGridColumn } from '@portal/ui/data-grid';
import { DateRangeField } from '@portal/ui/date-range-field';
import { ExportButton } from '@portal/ui/export-button';
import { lastYears, YearButtons } from '@portal/ui/year-buttons';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import * as z from 'zod/mini';
import { dateFieldLabels } from '../common';
import { FilterForm, ListPage, urlFilter, useDraft, useUrlFilters } from '../list-kit';
import { agentPaths, staffPaths } from '../paths';
import { messages } from './messages';
import { exerciceOf, queryOf, SalesGrid, SumCard } from './sales-kit';

/** Spec part 2 §9: VLP grids of 10, by exercice ascending. */
const PAGE_SIZE = 10;
const DIRECTIONS = ['', 'asc', 'desc'] as const;
const SORTABLE = [
  'exercice',
  'processingDate',
  'amount',
  'fee',
  'consultant.lastname',
  'client.lastName',
  'product.productName',
  'product.providerName',
] as const;
type SortField = (typeof SORTABLE)[number];
const DEFAULT_ORDER = { field: 'exercice', direction: 'asc' } as const;

const filterSchema = z.object({
  exercice: urlFilter.years(),
  'processingDate[after]': urlFilter.day(),
  'processingDate[before]': urlFilter.day(),
  ...(Object.fromEntries(
    SORTABLE.map((field) => [`order[${field}]`, urlFilter.oneOf(DIRECTIONS, '')]),
  ) as Record<`order[${SortField}]`, ReturnType<typeof urlFilter.oneOf<'' | 'asc' | 'desc'>>>),
  page: urlFilter.page(),
});
type Filters = z.output<typeof filterSchema>;

function columnsFor(scope: 'mine' | 'network'): DataGridColumn<Vlp>[] {
  return [
    ...(scope === 'network'
      ? [
          {
            field: 'consultant.lastname',
            header: messages.agent,
            value: (s: Vlp) => `${s.consultant.fullName} (${s.consultant.idCgp})`,
            sortable: true,
            minWidth: 180,
          },
        ]
      : []),
    {
      field: 'client.lastName',
      header: messages.client,
      value: (s) => s.client.fullName,
      href: (s) =>
        scope === 'mine'
          ? agentPaths.customerDetail(s.client.id)
          : staffPaths.customerDetail(s.client.id),
      sortable: true,
      minWidth: 170,
      alwaysVisible: true,
    },
    {
      field: 'product.productName',
      header: messages.product,
      value: (s) => s.product.productName,
      sortable: true,
      minWidth: 170,
    },
    {
      field: 'product.providerName',
      header: messages.provider,
      value: (s) => s.product.providerName,
      sortable: true,
    },
    {
      field: 'amount',
      header: messages.amount,
      value: (s) => s.amount,
      format: 'euros',
      sortable: true,
      // A reversal stands out (spec: negative amounts styled).
      cellClass: (s) => (s.amount < 0 ? 'font-semibold text-danger' : undefined),
    },
    { field: 'fee', header: messages.fee, value: (s) => s.fee, format: 'percent', sortable: true },
    {
      field: 'processingDate',
      header: messages.processingDate,
      value: (s) => s.processingDate,
      format: 'date',
      sortable: true,
    },
    { field: 'exercice', header: messages.exercice, value: (s) => s.exercice, sortable: true },
  ];
}

function VlpSum({ year }: { year: number }) {
  const total = useQuery(getVlpsYearQuery(year));
  return (
    <SumCard
      title={messages.vlpSumsTitle(year)}
      items={[[messages.vlpTotal, total.data?.total]]}
      pending={total.isPending}
      error={total.isError ? total.error.message : null}
    />
  );
}

/**
 * /my-sales/vlp (an agent's own VLP) and /sales/vlp (staff, the network, with the agent
 * column): the exercice's validated VLP, 'Date de traitement' and exercice filters in the URL,
 * a server-paged grid of 10 by exercice ascending, reversals styled, and the export.
 */
export function VlpSalesPage({ scope }: { scope: 'mine' | 'network' }) {
  const { filters, defaults, apply, reset } = useUrlFilters(filterSchema);
  const query = queryOf(filters, SORTABLE, DEFAULT_ORDER);
  const list = useQuery(listVlpsQuery({ ...query, itemsPerPage: PAGE_SIZE }));
  const columns = useMemo(() => columnsFor(scope), [scope]);
  const { page: _page, ...exportFilters } = query;
  const current = exerciceOf(new Date());
  const year = filters.exercice ? Number(filters.exercice) : current;

  return (
    <ListPage
      title={scope === 'mine' ? messages.myVlpTitle : messages.vlpTitle}
      action={
        <Gate component="sales_vlp_export">
          <ExportButton onExport={(onProgress) => exportVlps(exportFilters, onProgress)} />
        </Gate>
      }
    >
      <Gate component="sales_vlp_sum_sales">
        <VlpSum year={year} />
      </Gate>
      <VlpFilters
        value={filters}
        defaults={defaults}
        current={current}
        onApply={apply}
        onReset={reset}
      />
      <SalesGrid
        label={messages.vlpGrid}
        columns={columns}
        list={list}
        page={filters.page}
        pageSize={PAGE_SIZE}
        sortable={SORTABLE}
        filters={filters}
        apply={apply as (next: Partial<typeof filters>) => void}
        storageKey={`vlp-${scope}`}
      />
    </ListPage>
  );
}

function VlpFilters({
  value,
  defaults,
  current,
  onApply,
  onReset,
}: {
  value: Filters;
  defaults: Filters;
  current: number;
  onApply: (next: Partial<Filters>) => void;
  onReset: () => void;
}) {
  const [draft, set, setDraft] = useDraft(value);
  const years = useMemo(() => lastYears(current, 5), [current]);
  return (
    <FilterForm
      label={messages.vlpFilters}
      onSubmit={() => onApply({ ...draft, page: 1 })}
      onReset={() => {
        setDraft(defaults);
        onReset();
      }}
      className="space-y-4 rounded-card bg-surface p-4 shadow-sm"
    >
      <DateRangeField
        label={messages.processingDate}
        value={{
          from: draft['processingDate[after]'] as CalendarDay,
          to: draft['processingDate[before]'] as CalendarDay,
        }}
        onChange={(range) =>
          set({ 'processingDate[after]': range.from, 'processingDate[before]': range.to })
        }
        fromLabel={messages.from}
        toLabel={messages.to}
        labels={dateFieldLabels}
      />
      <YearButtons
        label={messages.exercice}
        years={years}
        value={draft.exercice ? [Number(draft.exercice)] : []}
        onChange={(chosen) => set({ exercice: chosen.length ? String(chosen[0]) : '' })}
        allLabel={messages.allYears}
      />
    </FilterForm>
  );
}
