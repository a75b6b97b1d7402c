import {
  exportVentesOrions,
  listVentesOrionsQuery,
  salesHeaders,
  type VenteOrion,
} from '@portal/api/sales';
import { limits } from '@portal/api/limits';
import { type DataGridColumn } from '@portal/ui/data-grid';
import { formatEuro, formatPercent } from '@portal/ui/format';
import { RangeSlider } from '@portal/ui/range-slider';
import { SelectField } from '@portal/ui/select-field';
import type * as z from 'zod/mini';
import {
  FilterTextField,
  scopedGrids,
  sortableColumn,
  urlFilter,
  useListScreen,
} from '../list-kit';
import { messages } from './messages';
import {
  DayRange,
  partyColumns,
  type SalesLinks,
  SalesListScreen,
  type SalesRoute,
  salesFilterSchema,
} from './sales-screen';

const headers = salesHeaders.investment;

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

const GRIDS = scopedGrids(
  {
    sortable: SORTABLE,
    defaultSort: { field: 'exercice', direction: 'asc' },
    pageSize: 25,
  },
  'investment',
);
const operationOf = (value: string): Filters['operation'] =>
  OPERATIONS.find((operation) => operation === value) ?? '';
const statusOf = (value: string): Filters['status'] =>
  STATUSES.find((status) => status === value) ?? '';

function columnsFor(links: SalesLinks): DataGridColumn<VenteOrion>[] {
  const column = sortableColumn<VenteOrion>;
  return [
    ...partyColumns<VenteOrion>(links, 'consultant.lastname', 'client.lastName', headers),
    {
      ...column(
        'typeProduitsFin.productName',
        headers.product,
        (s) => s.typeProduitsFin.productName,
      ),
      minWidth: 170,
    },
    column('typeProduitsFin.providerName', headers.provider, (s) => s.typeProduitsFin.providerName),
    column('operation', headers.operation, (s) => s.operation),
    column('status', headers.status, (s) => s.status),
    column('amount', headers.amount, (s) => s.amount, 'euros'),
    column('fee', headers.fee, (s) => s.fee, 'percent'),
    column('subscriptionDate', headers.subscriptionDate, (s) => s.subscriptionDate, 'date'),
    column('exercice', headers.exercice, (s) => s.exercice),
  ];
}

/**
 * /my-sales/investment (an agent's own sales), /sales/investment (staff, every agent's, with the
 * agent column) and one agent's sales (/my-team/{agentId}/investment, /team/{agentId}/investment,
 * /sales/investment/team/{idCgp}): a server-paged grid of 25 by exercice ascending, the
 * exercice's totals (`sales_investment_sum_sales`) and the export (`sales_investment_export`).
 */
export function InvestmentSalesPage(route: SalesRoute) {
  const grid = GRIDS[route.scope];
  const list = useListScreen({ filters: filterSchema, grids: [grid] });
  return (
    <SalesListScreen
      kind="investment"
      route={route}
      list={list}
      grid={grid}
      rows={listVentesOrionsQuery}
      exportRows={exportVentesOrions}
      columns={columnsFor}
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
        <FilterTextField
          label={headers.product}
          maxLength={limits.textFilter}
          value={draft['typeProduitsFin.productName']}
          onChange={(e) => set({ 'typeProduitsFin.productName': e.target.value })}
        />
        <FilterTextField
          label={headers.provider}
          maxLength={limits.textFilter}
          value={draft['typeProduitsFin.providerName']}
          onChange={(e) => set({ 'typeProduitsFin.providerName': e.target.value })}
        />
        <SelectField
          label={headers.operation}
          options={OPERATIONS.map((v) => ({ value: v, label: v || messages.any }))}
          value={draft.operation}
          onChange={(e) => set({ operation: operationOf(e.target.value) })}
        />
        <SelectField
          label={headers.status}
          options={STATUSES.map((v) => ({ value: v, label: v || messages.any }))}
          value={draft.status}
          onChange={(e) => set({ status: statusOf(e.target.value) })}
        />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <RangeSlider
          label={headers.amount}
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
          label={headers.fee}
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
        label={headers.subscriptionDate}
        from={draft['subscriptionDate[after]']}
        to={draft['subscriptionDate[before]']}
        onChange={(from, to) =>
          set({ 'subscriptionDate[after]': from, 'subscriptionDate[before]': to })
        }
      />
    </>
  );
}
