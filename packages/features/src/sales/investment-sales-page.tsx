import {
  exportVentesOrions,
  getVentesOrionsYearQuery,
  listVentesOrionsQuery,
  type VenteOrion,
} from '@portal/api/sales';
// Subpaths, not the package's index (see docs/budgets.md).
import { Gate } from '@portal/auth/guard';
import { type CalendarDay } from '@portal/ui/calendar-day';
import { type DataGridColumn } from '@portal/ui/data-grid';
import { DateRangeField } from '@portal/ui/date-range-field';
import { ExportButton } from '@portal/ui/export-button';
import { formatEuro, formatPercent } from '@portal/ui/format';
import { RangeSlider } from '@portal/ui/range-slider';
import { SelectField } from '@portal/ui/select-field';
import { TextField } from '@portal/ui/text-field';
import { lastYears, YearButtons } from '@portal/ui/year-buttons';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import * as z from 'zod/mini';
import { dateFieldLabels } from '../common';
import { FilterForm, ListPage, urlFilter, useDraft, useUrlFilters } from '../list-kit';
import { messages } from './messages';
import { exerciceOf, queryOf, SalesGrid, SumCard } from './sales-kit';

/** Spec part 2 §9: investment grids of 25, sliders 0-100,000 € by 1,000 and 0-5 % by 0.01 %. */
const PAGE_SIZE = 25;
const AMOUNT_MAX = 100_000;
const FEE_MAX = 5;
const DIRECTIONS = ['', 'asc', 'desc'] as const;
const OPERATIONS = ['', 'Souscription', 'Versement'] as const;
const STATUSES = ['', 'Validé', 'Encours', 'Terminé', 'Annulé'] as const;
const SORTABLE = [
  'exercice',
  'amount',
  'fee',
  'subscriptionDate',
  'status',
  'operation',
  'client.lastName',
  'consultant.lastname',
  'typeProduitsFin.productName',
  'typeProduitsFin.providerName',
] as const;
type SortField = (typeof SORTABLE)[number];

const filterSchema = z.object({
  'typeProduitsFin.productName': urlFilter.text(),
  'typeProduitsFin.providerName': urlFilter.text(),
  operation: urlFilter.oneOf(OPERATIONS, ''),
  status: urlFilter.oneOf(STATUSES, ''),
  exercice: urlFilter.years(),
  'amount[gte]': urlFilter.decimal(),
  'amount[lte]': urlFilter.decimal(),
  'fee[gte]': urlFilter.decimal(),
  'fee[lte]': urlFilter.decimal(),
  'subscriptionDate[after]': urlFilter.day(),
  'subscriptionDate[before]': urlFilter.day(),
  ...(Object.fromEntries(
    SORTABLE.map((field) => [`order[${field}]`, urlFilter.oneOf(DIRECTIONS, '')]),
  ) as Record<`order[${SortField}]`, ReturnType<typeof urlFilter.oneOf<'' | 'asc' | 'desc'>>>),
  page: urlFilter.page(),
});
type Filters = z.output<typeof filterSchema>;

const DEFAULT_ORDER = { field: 'exercice', direction: 'asc' } as const;

function columnsFor(scope: 'mine' | 'network'): DataGridColumn<VenteOrion>[] {
  return [
    ...(scope === 'network'
      ? [
          {
            field: 'consultant.lastname',
            header: messages.agent,
            value: (s: VenteOrion) => `${s.consultant.fullName} (${s.consultant.idCgp})`,
            sortable: true,
            minWidth: 180,
          },
        ]
      : []),
    {
      field: 'client.lastName',
      header: messages.client,
      value: (s) => s.client.fullName,
      sortable: true,
      minWidth: 170,
      alwaysVisible: true,
    },
    {
      field: 'typeProduitsFin.productName',
      header: messages.product,
      value: (s) => s.typeProduitsFin.productName,
      sortable: true,
      minWidth: 170,
    },
    {
      field: 'typeProduitsFin.providerName',
      header: messages.provider,
      value: (s) => s.typeProduitsFin.providerName,
      sortable: true,
    },
    { field: 'operation', header: messages.operation, value: (s) => s.operation, sortable: true },
    { field: 'status', header: messages.status, value: (s) => s.status, sortable: true },
    {
      field: 'amount',
      header: messages.amount,
      value: (s) => s.amount,
      format: 'euros',
      sortable: true,
    },
    { field: 'fee', header: messages.fee, value: (s) => s.fee, format: 'percent', sortable: true },
    {
      field: 'subscriptionDate',
      header: messages.subscriptionDate,
      value: (s) => s.subscriptionDate,
      format: 'date',
      sortable: true,
    },
    { field: 'exercice', header: messages.exercice, value: (s) => s.exercice, sortable: true },
  ];
}

function InvestmentSums({ year }: { year: number }) {
  const totals = useQuery(getVentesOrionsYearQuery(year));
  return (
    <SumCard
      title={messages.sumsTitle(year)}
      items={[
        [messages.optionsTotal, totals.data?.optionsTotal],
        [messages.deedsTotal, totals.data?.deedsTotal],
        [messages.total, totals.data?.total],
      ]}
      pending={totals.isPending}
      error={totals.isError ? totals.error.message : null}
    />
  );
}

/**
 * /my-sales/investment (an agent's own sales) and /sales/investment (staff, every agent's, with
 * the agent column): filters and sort in the URL, a server-paged grid of 25, the exercice's
 * totals (`sales_investment_sum_sales`) and the export of the same list (`sales_investment_export`).
 */
export function InvestmentSalesPage({ scope }: { scope: 'mine' | 'network' }) {
  const { filters, defaults, apply, reset } = useUrlFilters(filterSchema);
  const query = queryOf(filters, SORTABLE, DEFAULT_ORDER);
  const list = useQuery(listVentesOrionsQuery({ ...query, itemsPerPage: PAGE_SIZE }));
  const columns = useMemo(() => columnsFor(scope), [scope]);
  const { page: _page, ...exportFilters } = query;
  const current = exerciceOf(new Date());
  const year = filters.exercice ? Number(filters.exercice) : current;

  return (
    <ListPage
      title={scope === 'mine' ? messages.myInvestmentTitle : messages.investmentTitle}
      action={
        <Gate component="sales_investment_export">
          <ExportButton onExport={(onProgress) => exportVentesOrions(exportFilters, onProgress)} />
        </Gate>
      }
    >
      <Gate component="sales_investment_sum_sales">
        <InvestmentSums year={year} />
      </Gate>
      <InvestmentFilters
        value={filters}
        defaults={defaults}
        current={current}
        onApply={apply}
        onReset={reset}
      />
      <SalesGrid
        label={messages.investmentGrid}
        columns={columns}
        list={list}
        page={filters.page}
        pageSize={PAGE_SIZE}
        sortable={SORTABLE}
        filters={filters}
        apply={apply as (next: Partial<typeof filters>) => void}
        storageKey={`investment-${scope}`}
      />
    </ListPage>
  );
}

const rangeOf = (low: string, high: string, max: number): [number, number] => [
  low === '' ? 0 : Math.min(Number(low), max),
  high === '' ? max : Math.min(Number(high), max),
];

/** A slider at its end means "no bound": nothing is sent (spec: default range up to 100,000,000). */
const boundsOf = ([low, high]: [number, number], max: number): [string, string] => [
  low <= 0 ? '' : String(low),
  high >= max ? '' : String(high),
];

function InvestmentFilters({
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
  const amount = rangeOf(draft['amount[gte]'], draft['amount[lte]'], AMOUNT_MAX);
  const fee = rangeOf(draft['fee[gte]'], draft['fee[lte]'], FEE_MAX);
  return (
    <FilterForm
      label={messages.investmentFilters}
      onSubmit={() => onApply({ ...draft, page: 1 })}
      onReset={() => {
        setDraft(defaults);
        onReset();
      }}
      className="space-y-4 rounded-card bg-surface p-4 shadow-sm"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label={messages.product}
          value={draft['typeProduitsFin.productName']}
          onChange={(e) => set({ 'typeProduitsFin.productName': e.target.value })}
        />
        <TextField
          label={messages.provider}
          value={draft['typeProduitsFin.providerName']}
          onChange={(e) => set({ 'typeProduitsFin.providerName': e.target.value })}
        />
        <SelectField
          label={messages.operation}
          options={OPERATIONS.map((v) => ({ value: v, label: v || messages.any }))}
          value={draft.operation}
          onChange={(e) => set({ operation: e.target.value as Filters['operation'] })}
        />
        <SelectField
          label={messages.status}
          options={STATUSES.map((v) => ({ value: v, label: v || messages.any }))}
          value={draft.status}
          onChange={(e) => set({ status: e.target.value as Filters['status'] })}
        />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <RangeSlider
          label={messages.amount}
          min={0}
          max={AMOUNT_MAX}
          step={1000}
          value={amount}
          onChange={(next) => {
            const [low, high] = boundsOf(next, AMOUNT_MAX);
            set({ 'amount[gte]': low, 'amount[lte]': high });
          }}
          format={(v) => (v >= AMOUNT_MAX ? `${formatEuro(v)} et plus` : formatEuro(v))}
          thumbLabels={[messages.amountMin, messages.amountMax]}
        />
        <RangeSlider
          label={messages.fee}
          min={0}
          max={FEE_MAX}
          step={0.01}
          value={fee}
          onChange={(next) => {
            const [low, high] = boundsOf(next, FEE_MAX);
            set({ 'fee[gte]': low, 'fee[lte]': high });
          }}
          format={formatPercent}
          thumbLabels={[messages.feeMin, messages.feeMax]}
        />
      </div>
      <DateRangeField
        label={messages.subscriptionDate}
        value={{
          from: draft['subscriptionDate[after]'] as CalendarDay,
          to: draft['subscriptionDate[before]'] as CalendarDay,
        }}
        onChange={(range) =>
          set({ 'subscriptionDate[after]': range.from, 'subscriptionDate[before]': range.to })
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
