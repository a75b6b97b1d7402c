import {
  exportVentesValoriciels,
  getRealEstateToolQuery,
  listVentesValoricielsQuery,
  salesHeaders,
  type VenteValoriciel,
} from '@portal/api/sales';
// Subpaths, not the package's index (see docs/budgets.md).
import { Gate } from '@portal/auth/guard';
import { limits } from '@portal/api/limits';
import { type DataGridColumn } from '@portal/ui/data-grid';
import { SelectField } from '@portal/ui/select-field';
import { useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import {
  FilterTextField,
  type GridSpec,
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

const headers = salesHeaders.realEstate;

export const REAL_ESTATE_STATUSES = [
  'Acté',
  'Financé',
  'Optionné',
  'Réservé',
  'VNR',
  'Désisté',
] as const;
const STATUSES = ['', ...REAL_ESTATE_STATUSES] as const;
const SORTABLE = [
  'lastAction',
  'exercice',
  'advStatus',
  'type',
  'lot',
  'operationName',
  'amount',
  'baseRemuneration',
  'optionDate',
  'bookingSignatureDate',
  'bankAgreementDate',
  'deedDate',
  'cancellationDate',
  'consultant.lastname',
  'client.lastName',
] as const;

/** Spec part 2 §9: sales grids of 25; an agent's own by last action, the network's by exercice. */
const OWN: GridSpec = {
  sortable: SORTABLE,
  defaultSort: { field: 'lastAction', direction: 'desc' },
  pageSize: 25,
};
const MINE = scopedGrids(OWN, 'real-estate');
const NETWORK = scopedGrids(
  { ...OWN, defaultSort: { field: 'exercice', direction: 'desc' } },
  'real-estate',
);

const filterSchema = salesFilterSchema({
  type: urlFilter.text(limits.saleTypeFilter),
  advStatus: urlFilter.oneOf(STATUSES, ''),
  lastActionAfter: urlFilter.day(),
  lastActionBefore: urlFilter.day(),
});
type Filters = z.output<typeof filterSchema>;
const statusOf = (value: string): Filters['advStatus'] =>
  STATUSES.find((status) => status === value) ?? '';

/** Badge colours by status: done green, under way blue and amber, lost grey and red. */
const BADGE: Record<(typeof REAL_ESTATE_STATUSES)[number], string> = {
  Acté: 'bg-success-soft text-success',
  Financé: 'bg-brand-50 text-brand-700',
  Optionné: 'bg-warning-soft text-warning',
  Réservé: 'bg-brand-100 text-brand-700',
  VNR: 'bg-canvas text-muted',
  Désisté: 'bg-danger-soft text-danger',
};

function StatusBadge({ status }: { status: VenteValoriciel['advStatus'] }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[status]}`}>
      {status}
    </span>
  );
}

function columnsFor(links: SalesLinks): DataGridColumn<VenteValoriciel>[] {
  const column = sortableColumn<VenteValoriciel>;
  return [
    ...partyColumns<VenteValoriciel>(links, 'consultant.lastname', 'client.lastName', headers),
    { ...column('operationName', headers.operationName, (s) => s.operationName), minWidth: 170 },
    column('lot', headers.lot, (s) => s.lot),
    column('type', headers.type, (s) => s.type),
    {
      ...column('advStatus', headers.status, (s) => s.advStatus),
      render: (s) => <StatusBadge status={s.advStatus} />,
    },
    // The sale price, which the exercice's cards add up.
    column('amount', headers.amount, (s) => s.amount, 'euros'),
    column('baseRemuneration', headers.remuneration, (s) => s.baseRemuneration, 'euros'),
    column('optionDate', headers.optionDate, (s) => s.option, 'date'),
    column('bookingSignatureDate', headers.bookingDate, (s) => s.bookingSignatureDate, 'date'),
    column('bankAgreementDate', headers.bankDate, (s) => s.bankAgreementDate, 'date'),
    column('deedDate', headers.deedDate, (s) => s.deedDate, 'date'),
    column('cancellationDate', headers.cancellationDate, (s) => s.cancellationDate, 'date'),
    column('lastAction', headers.lastAction, (s) => s.lastAction, 'date'),
    column('exercice', headers.exercice, (s) => s.exercice),
  ];
}

/** The external real-estate tool (`sales_real_estate_unity_page`), in a new tab. */
function RealEstateToolLink() {
  const tool = useQuery(getRealEstateToolQuery()).data;
  // An address from the configuration, yet only a web one becomes a link.
  if (!tool || !/^https?:\/\//.test(tool.url)) return null;
  return (
    <a
      href={tool.url}
      target="_blank"
      rel="noopener noreferrer"
      className="text-sm font-semibold text-brand-700 underline"
    >
      {messages.realEstateTool(tool.title)}
    </a>
  );
}

/**
 * /my-sales/real-estate (an agent's own sales, last action first), /sales/real-estate (staff,
 * the network, exercice descending, with the agent column) and one agent's sales
 * (/my-team/{agentId}/real-estate, /team/{agentId}/real-estate, /sales/real-estate/team/{idCgp}):
 * a server-paged grid of 25 with the step dates and coloured statuses, the exercice's totals
 * (`sales_real_estate_sum_sales`), the export (`sales_real_estate_export`) and the tool link.
 */
export function RealEstateSalesPage(route: SalesRoute) {
  const spec = route.scope === 'mine' && !route.agent ? MINE.mine : NETWORK[route.scope];
  const list = useListScreen({ filters: filterSchema, grids: [spec] });
  return (
    <SalesListScreen
      kind="realEstate"
      route={route}
      list={list}
      grid={spec}
      rows={listVentesValoricielsQuery}
      exportRows={exportVentesValoriciels}
      columns={columnsFor}
      action={
        <Gate component="sales_real_estate_unity_page">
          <RealEstateToolLink />
        </Gate>
      }
      fields={(draft, set) => (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <FilterTextField
            label={headers.type}
            maxLength={limits.saleTypeFilter}
            value={draft.type}
            onChange={(e) => set({ type: e.target.value })}
          />
          <SelectField
            label={headers.status}
            options={STATUSES.map((v) => ({ value: v, label: v || messages.any }))}
            value={draft.advStatus}
            onChange={(e) => set({ advStatus: statusOf(e.target.value) })}
          />
          <DayRange
            label={headers.lastAction}
            className="sm:col-span-2"
            from={draft.lastActionAfter}
            to={draft.lastActionBefore}
            onChange={(from, to) => set({ lastActionAfter: from, lastActionBefore: to })}
          />
        </div>
      )}
    />
  );
}
