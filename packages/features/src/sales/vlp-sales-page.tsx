import { exportVlps, getVlpsYearQuery, listVlpsQuery, type Vlp } from '@portal/api/sales';
import { Gate } from '@portal/auth/guard';
import { type DataGridColumn } from '@portal/ui/data-grid';
import { ExportButton } from '@portal/ui/export-button';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type GridSpec, ListFilters, ListScreen, urlFilter, useListScreen } from '../list-kit';
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
  const list = useListScreen({ filters: filterSchema, grids: [GRID] });
  const grid = list.grid(GRID);
  const sales = useSalesRoute(
    'vlp',
    route,
    route.scope === 'mine' && !route.agent ? messages.myVlpTitle : messages.vlpTitle,
    list.filters,
  );
  const rows = useQuery(listVlpsQuery(sales.withAgent(grid.query)));
  const columns = useMemo(() => columnsFor(sales.links), [sales.links]);
  if (sales.refused)
    return <RefusedAgentSales title={sales.title} before={sales.before} scope={route.scope} />;

  return (
    <ListScreen
      title={sales.title}
      before={sales.before}
      exportButton={
        <Gate component="sales_vlp_export">
          <ExportButton
            onExport={(onProgress) => exportVlps(sales.withAgent(grid.exportQuery), onProgress)}
          />
        </Gate>
      }
      summary={
        <Gate component="sales_vlp_sum_sales">
          <VlpSum year={sales.year} cgpId={sales.cgpId} />
        </Gate>
      }
      filters={
        <ListFilters list={list} label={messages.vlpFilters}>
          {(draft, set) => (
            <SalesFilterFields
              draft={draft}
              set={set}
              agentPicker={route.scope === 'network' && !route.agent}
              clientPicker={sales.links.client !== null}
            >
              <DayRange
                label={messages.processingDate}
                from={draft['processingDate[after]']}
                to={draft['processingDate[before]']}
                onChange={(from, to) =>
                  set({ 'processingDate[after]': from, 'processingDate[before]': to })
                }
              />
            </SalesFilterFields>
          )}
        </ListFilters>
      }
    >
      <PagedGrid
        grid={grid}
        label={messages.vlpGrid}
        columns={columns}
        list={rows}
        storageKey={`vlp-${route.scope}`}
        empty={{ none: messages.none, filtered: messages.empty }}
        totalLabel={messages.totalSales}
      />
    </ListScreen>
  );
}
