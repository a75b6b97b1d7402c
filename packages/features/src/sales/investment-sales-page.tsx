import {
  exportVentesOrions,
  getVentesOrionsYearQuery,
  listVentesOrionsQuery,
  type VenteOrion,
} from '@portal/api/sales';
import { limits } from '@portal/api/limits';
import { Gate } from '@portal/auth/guard';
import { type DataGridColumn } from '@portal/ui/data-grid';
import { ExportButton } from '@portal/ui/export-button';
import { formatEuro, formatPercent } from '@portal/ui/format';
import { RangeSlider } from '@portal/ui/range-slider';
import { SelectField } from '@portal/ui/select-field';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type * as z from 'zod/mini';
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
import { SumCard } from '../common';
import {
  partyColumns,
  RefusedAgentSales,
  type SalesLinks,
  DayRange,
  SalesFilterFields,
  type SalesRoute,
  salesFilterSchema,
  useSalesRoute,
} from './sales-screen';

/** Spec part 2 §9: investment grids of 25, sliders 0-100,000 € by 1,000 and 0-5 % by 0.01 %. */
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

const filterSchema = salesFilterSchema({
  'typeProduitsFin.productName': urlFilter.text(limits.textFilter),
  'typeProduitsFin.providerName': urlFilter.text(limits.textFilter),
  operation: urlFilter.oneOf(OPERATIONS, ''),
  status: urlFilter.oneOf(STATUSES, ''),
  'amount[gte]': urlFilter.decimal(),
  'amount[lte]': urlFilter.decimal(),
  'fee[gte]': urlFilter.decimal(),
  'fee[lte]': urlFilter.decimal(),
  'subscriptionDate[after]': urlFilter.day(),
  'subscriptionDate[before]': urlFilter.day(),
});
type Filters = z.output<typeof filterSchema>;

const GRID: GridSpec = {
  sortable: SORTABLE,
  defaultSort: { field: 'exercice', direction: 'asc' },
  pageSize: 25,
};
const operationOf = (value: string): Filters['operation'] =>
  OPERATIONS.find((operation) => operation === value) ?? '';
const statusOf = (value: string): Filters['status'] =>
  STATUSES.find((status) => status === value) ?? '';

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
  const list = useListScreen({ filters: filterSchema, grids: [GRID] });
  const grid = list.grid(GRID);
  const sales = useSalesRoute(
    'investment',
    route,
    route.scope === 'mine' && !route.agent ? messages.myInvestmentTitle : messages.investmentTitle,
    list.filters,
  );
  const rows = useQuery(listVentesOrionsQuery(sales.withAgent(grid.query)));
  const columns = useMemo(() => columnsFor(sales.links), [sales.links]);
  if (sales.refused)
    return <RefusedAgentSales title={sales.title} before={sales.before} scope={route.scope} />;

  return (
    <ListScreen
      title={sales.title}
      before={sales.before}
      exportButton={
        <Gate component="sales_investment_export">
          <ExportButton
            onExport={(onProgress) =>
              exportVentesOrions(sales.withAgent(grid.exportQuery), onProgress)
            }
          />
        </Gate>
      }
      summary={
        <Gate component="sales_investment_sum_sales">
          <InvestmentSums year={sales.year} cgpId={sales.cgpId} />
        </Gate>
      }
      filters={
        <ListFilters list={list} label={messages.investmentFilters}>
          {(draft, set) => (
            <SalesFilterFields
              draft={draft}
              set={set}
              agentPicker={route.scope === 'network' && !route.agent}
              clientPicker={sales.links.client !== null}
            >
              <InvestmentFields draft={draft} set={set} />
            </SalesFilterFields>
          )}
        </ListFilters>
      }
    >
      <PagedGrid
        grid={grid}
        label={messages.investmentGrid}
        columns={columns}
        list={rows}
        storageKey={`investment-${route.scope}`}
        empty={{ none: messages.none, filtered: messages.empty }}
        totalLabel={messages.totalSales}
      />
    </ListScreen>
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
        <FilterTextField
          label={messages.product}
          maxLength={limits.textFilter}
          value={draft['typeProduitsFin.productName']}
          onChange={(e) => set({ 'typeProduitsFin.productName': e.target.value })}
        />
        <FilterTextField
          label={messages.provider}
          maxLength={limits.textFilter}
          value={draft['typeProduitsFin.providerName']}
          onChange={(e) => set({ 'typeProduitsFin.providerName': e.target.value })}
        />
        <SelectField
          label={messages.operation}
          options={OPERATIONS.map((v) => ({ value: v, label: v || messages.any }))}
          value={draft.operation}
          onChange={(e) => set({ operation: operationOf(e.target.value) })}
        />
        <SelectField
          label={messages.status}
          options={STATUSES.map((v) => ({ value: v, label: v || messages.any }))}
          value={draft.status}
          onChange={(e) => set({ status: statusOf(e.target.value) })}
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
