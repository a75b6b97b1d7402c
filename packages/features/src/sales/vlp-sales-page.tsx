import { exportVlps, listVlpsQuery, salesHeaders, type Vlp } from '@portal/api/sales';
import { type DataGridColumn } from '@portal/ui/data-grid';
import { scopedGrids, sortableColumn, urlFilter, useListScreen } from '../list-kit';
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
const GRIDS = scopedGrids(
  {
    sortable: SORTABLE,
    defaultSort: { field: 'exercice', direction: 'asc' },
    pageSize: 10,
  },
  'vlp',
);

const filterSchema = salesFilterSchema({
  'processingDate[after]': urlFilter.day(),
  'processingDate[before]': urlFilter.day(),
});

function columnsFor(links: SalesLinks): DataGridColumn<Vlp>[] {
  const column = sortableColumn<Vlp>;
  return [
    ...partyColumns<Vlp>(links, 'consultant.lastname', 'client.lastName', headers),
    {
      ...column('product.productName', headers.product, (s) => s.product.productName),
      minWidth: 170,
    },
    column('product.providerName', headers.provider, (s) => s.product.providerName),
    {
      ...column('amount', headers.amount, (s) => s.amount, 'euros'),
      // A reversal stands out (spec: negative amounts styled).
      cellClass: (s) => (s.amount < 0 ? 'font-semibold text-danger' : undefined),
    },
    column('fee', headers.fee, (s) => s.fee, 'percent'),
    column('processingDate', headers.processingDate, (s) => s.processingDate, 'date'),
    column('exercice', headers.exercice, (s) => s.exercice),
  ];
}

/**
 * /my-sales/vlp (an agent's own VLP), /sales/vlp (staff, the network, with the agent column)
 * and one agent's (/my-sales/vlp/team/{agentId}, /sales/vlp/team/{idCgp}): the exercice's
 * validated VLP, a server-paged grid of 10 by exercice ascending, reversals styled, 'Date de
 * traitement' and exercice filters in the URL, and the export.
 */
export function VlpSalesPage(route: SalesRoute) {
  const grid = GRIDS[route.scope];
  const list = useListScreen({ filters: filterSchema, grids: [grid] });
  return (
    <SalesListScreen
      kind="vlp"
      route={route}
      list={list}
      grid={grid}
      rows={listVlpsQuery}
      exportRows={exportVlps}
      columns={columnsFor}
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
