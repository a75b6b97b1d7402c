import {
  exportVlps,
  getVlpsYearQuery,
  listVlpsQuery,
  salesHeaders,
  type Vlp,
} from '@portal/api/sales';
import { type DataGridColumn } from '@portal/ui/data-grid';
import { useQuery } from '@tanstack/react-query';
import { type GridSpec, urlFilter, useListScreen } from '../list-kit';
import { messages } from './messages';
import { SumCard } from '../common';
import {
  DayRange,
  partyColumns,
  type SalesLinks,
  SalesListScreen,
  type SalesRoute,
  salesFilterSchema,
} from './sales-screen';

const headers = salesHeaders.vlp;

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
/** Spec part 2 §9: VLP grids of 10, by exercice ascending. */
const GRID: GridSpec = {
  sortable: SORTABLE,
  defaultSort: { field: 'exercice', direction: 'asc' },
  pageSize: 10,
};

const filterSchema = salesFilterSchema({
  'processingDate[after]': urlFilter.day(),
  'processingDate[before]': urlFilter.day(),
});

function columnsFor(links: SalesLinks): DataGridColumn<Vlp>[] {
  return [
    ...partyColumns<Vlp>(links, 'consultant.lastname', 'client.lastName', headers),
    {
      field: 'product.productName',
      header: headers.product,
      value: (s) => s.product.productName,
      sortable: true,
      minWidth: 170,
    },
    {
      field: 'product.providerName',
      header: headers.provider,
      value: (s) => s.product.providerName,
      sortable: true,
    },
    {
      field: 'amount',
      header: headers.amount,
      value: (s) => s.amount,
      format: 'euros',
      sortable: true,
      // A reversal stands out (spec: negative amounts styled).
      cellClass: (s) => (s.amount < 0 ? 'font-semibold text-danger' : undefined),
    },
    { field: 'fee', header: headers.fee, value: (s) => s.fee, format: 'percent', sortable: true },
    {
      field: 'processingDate',
      header: headers.processingDate,
      value: (s) => s.processingDate,
      format: 'date',
      sortable: true,
    },
    { field: 'exercice', header: headers.exercice, value: (s) => s.exercice, sortable: true },
  ];
}

/**
 * /my-sales/vlp (an agent's own VLP), /sales/vlp (staff, the network, with the agent column)
 * and one agent's (/my-sales/vlp/team/{agentId}, /sales/vlp/team/{idCgp}): the exercice's
 * validated VLP, a server-paged grid of 10 by exercice ascending, reversals styled, 'Date de
 * traitement' and exercice filters in the URL, and the export.
 */
export function VlpSalesPage(route: SalesRoute) {
  const list = useListScreen({ filters: filterSchema, grids: [GRID] });
  return (
    <SalesListScreen
      kind="vlp"
      route={route}
      list={list}
      grid={GRID}
      titles={{ own: messages.myVlpTitle, others: messages.vlpTitle }}
      labels={{ filters: messages.vlpFilters, grid: messages.vlpGrid }}
      gates={{ export: 'sales_vlp_export', sums: 'sales_vlp_sum_sales' }}
      rows={listVlpsQuery}
      exportRows={exportVlps}
      columns={columnsFor}
      sums={(year, cgpId) => <VlpSum year={year} cgpId={cgpId} />}
      fields={(draft, set) => (
        <DayRange
          label={headers.processingDate}
          from={draft['processingDate[after]']}
          to={draft['processingDate[before]']}
          onChange={(from, to) =>
            set({ 'processingDate[after]': from, 'processingDate[before]': to })
          }
        />
      )}
    />
  );
}

function VlpSum({ year, cgpId }: { year: number; cgpId?: string }) {
  const total = useQuery(getVlpsYearQuery(year, cgpId));
  return (
    <SumCard
      title={messages.vlpSumsTitle(year)}
      items={[[messages.vlpTotal, total.data?.total]]}
      pending={total.isPending}
      error={total.isError ? total.error.message : null}
    />
  );
}
