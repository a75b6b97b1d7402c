import { exportVlps, getVlpsYearQuery, listVlpsQuery, type Vlp } from '@portal/api/sales';
import { type DataGridColumn } from '@portal/ui/data-grid';
import { useQuery } from '@tanstack/react-query';
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

/** Spec part 2 §9: VLP grids of 10, by exercice ascending. */
const PAGE_SIZE = 10;
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
const DEFAULT_ORDER = { field: 'exercice', direction: 'asc' } as const;

const filterSchema = salesFilterSchema(
  {
    'processingDate[after]': urlFilter.day(),
    'processingDate[before]': urlFilter.day(),
  },
  SORTABLE,
);

function columnsFor(links: SalesLinks): DataGridColumn<Vlp>[] {
  return [
    ...partyColumns<Vlp>(links, 'consultant.lastname', 'client.lastName'),
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

/**
 * /my-sales/vlp (an agent's own VLP), /sales/vlp (staff, the network, with the agent column)
 * and one agent's (/my-sales/vlp/team/{agentId}, /sales/vlp/team/{idCgp}): the exercice's
 * validated VLP, a server-paged grid of 10 by exercice ascending, reversals styled, 'Date de
 * traitement' and exercice filters in the URL, and the export.
 */
export function VlpSalesPage(route: SalesRoute) {
  return (
    <SalesListPage
      kind="vlp"
      route={route}
      title={route.scope === 'mine' && !route.agent ? messages.myVlpTitle : messages.vlpTitle}
      schema={filterSchema}
      sortable={SORTABLE}
      defaultOrder={DEFAULT_ORDER}
      pageSize={PAGE_SIZE}
      listQuery={listVlpsQuery}
      columns={columnsFor}
      gridLabel={messages.vlpGrid}
      storageKey={`vlp-${route.scope}`}
      sums={(year, cgpId) => <VlpSum year={year} cgpId={cgpId} />}
      sumsComponent="sales_vlp_sum_sales"
      exportFile={exportVlps}
      exportComponent="sales_vlp_export"
      filtersLabel={messages.vlpFilters}
      fields={(draft, set) => (
        <DayRange
          label={messages.processingDate}
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
