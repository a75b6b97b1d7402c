import {
  exportVentesOrions,
  getVentesOrionsYearQuery,
  listVentesOrionsQuery,
  type VenteOrion,
} from '@portal/api/sales';
import { type DataGridColumn } from '@portal/ui/data-grid';
import { formatEuro, formatPercent } from '@portal/ui/format';
import { RangeSlider } from '@portal/ui/range-slider';
import { SelectField } from '@portal/ui/select-field';
import { TextField } from '@portal/ui/text-field';
import { useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { urlFilter } from '../list-kit';
import { messages } from './messages';
import { SumCard } from '../common';
import {
  partyColumns,
  type SalesLinks,
  DayRange,
  SalesListPage,
  type SalesRoute,
  salesFilterSchema,
} from './sales-list-page';

/** Spec part 2 §9: investment grids of 25, sliders 0-100,000 € by 1,000 and 0-5 % by 0.01 %. */
const PAGE_SIZE = 25;
const AMOUNT_MAX = 100_000;
const FEE_MAX = 5;
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

const filterSchema = salesFilterSchema(
  {
    'typeProduitsFin.productName': urlFilter.text(),
    'typeProduitsFin.providerName': urlFilter.text(),
    operation: urlFilter.oneOf(OPERATIONS, ''),
    status: urlFilter.oneOf(STATUSES, ''),
    'amount[gte]': urlFilter.decimal(),
    'amount[lte]': urlFilter.decimal(),
    'fee[gte]': urlFilter.decimal(),
    'fee[lte]': urlFilter.decimal(),
    'subscriptionDate[after]': urlFilter.day(),
    'subscriptionDate[before]': urlFilter.day(),
  },
  SORTABLE,
);
type Filters = z.output<typeof filterSchema>;

const DEFAULT_ORDER = { field: 'exercice', direction: 'asc' } as const;

function columnsFor(links: SalesLinks): DataGridColumn<VenteOrion>[] {
  return [
    ...partyColumns<VenteOrion>(links, 'consultant.lastname', 'client.lastName'),
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

function InvestmentSums({ year, cgpId }: { year: number; cgpId?: string }) {
  const totals = useQuery(getVentesOrionsYearQuery(year, cgpId));
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
 * /my-sales/investment (an agent's own sales), /sales/investment (staff, every agent's, with the
 * agent column) and one agent's sales (/my-team/{agentId}/investment, /team/{agentId}/investment,
 * /sales/investment/team/{idCgp}): a server-paged grid of 25 by exercice ascending, the
 * exercice's totals (`sales_investment_sum_sales`) and the export (`sales_investment_export`).
 */
export function InvestmentSalesPage(route: SalesRoute) {
  return (
    <SalesListPage
      kind="investment"
      route={route}
      title={
        route.scope === 'mine' && !route.agent
          ? messages.myInvestmentTitle
          : messages.investmentTitle
      }
      schema={filterSchema}
      sortable={SORTABLE}
      defaultOrder={DEFAULT_ORDER}
      pageSize={PAGE_SIZE}
      listQuery={listVentesOrionsQuery}
      columns={columnsFor}
      gridLabel={messages.investmentGrid}
      storageKey={`investment-${route.scope}`}
      sums={(year, cgpId) => <InvestmentSums year={year} cgpId={cgpId} />}
      sumsComponent="sales_investment_sum_sales"
      exportFile={exportVentesOrions}
      exportComponent="sales_investment_export"
      filtersLabel={messages.investmentFilters}
      fields={(draft, set) => <InvestmentFields draft={draft} set={set} />}
    />
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

function InvestmentFields({
  draft,
  set,
}: {
  draft: Filters;
  set: (next: Partial<Filters>) => void;
}) {
  const amount = rangeOf(draft['amount[gte]'], draft['amount[lte]'], AMOUNT_MAX);
  const fee = rangeOf(draft['fee[gte]'], draft['fee[lte]'], FEE_MAX);
  return (
    <>
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
      <DayRange
        label={messages.subscriptionDate}
        from={draft['subscriptionDate[after]']}
        to={draft['subscriptionDate[before]']}
        onChange={(from, to) =>
          set({ 'subscriptionDate[after]': from, 'subscriptionDate[before]': to })
        }
      />
    </>
  );
}
