import {
  exportVentesValoriciels,
  getRealEstateToolQuery,
  getVentesValoricielsYearQuery,
  listVentesValoricielsQuery,
  type VenteValoriciel,
} from '@portal/api/sales';
// Subpaths, not the package's index (see docs/budgets.md).
import { Gate } from '@portal/auth/guard';
import { limits } from '@portal/api/limits';
import { type DataGridColumn } from '@portal/ui/data-grid';
import { ExportButton } from '@portal/ui/export-button';
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
  'baseRemuneration',
  'optionDate',
  'bookingSignatureDate',
  'bankAgreementDate',
  'deedDate',
  'cancellationDate',
  'consultant.lastname',
  'client.lastName',
] as const;
type SortField = (typeof SORTABLE)[number];

/** Spec part 2 §9: sales grids of 25; an agent's own by last action, the network's by exercice. */
const MINE: GridSpec = {
  sortable: SORTABLE,
  defaultSort: { field: 'lastAction', direction: 'desc' },
  pageSize: 25,
};
const NETWORK: GridSpec = { ...MINE, defaultSort: { field: 'exercice', direction: 'desc' } };

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
  const day = (field: SortField, header: string, value: (s: VenteValoriciel) => string | null) =>
    ({ field, header, value, format: 'date', sortable: true }) as const;
  return [
    ...partyColumns<VenteValoriciel>(links, 'consultant.lastname', 'client.lastName'),
    {
      field: 'operationName',
      header: messages.operationName,
      value: (s) => s.operationName,
      sortable: true,
      minWidth: 170,
    },
    { field: 'lot', header: messages.lot, value: (s) => s.lot, sortable: true },
    { field: 'type', header: messages.type, value: (s) => s.type, sortable: true },
    {
      field: 'advStatus',
      header: messages.status,
      value: (s) => s.advStatus,
      render: (s) => <StatusBadge status={s.advStatus} />,
      sortable: true,
    },
    {
      field: 'baseRemuneration',
      header: messages.remuneration,
      value: (s) => s.baseRemuneration,
      format: 'euros',
      sortable: true,
    },
    day('optionDate', messages.optionDate, (s) => s.option),
    day('bookingSignatureDate', messages.bookingDate, (s) => s.bookingSignatureDate),
    day('bankAgreementDate', messages.bankDate, (s) => s.bankAgreementDate),
    day('deedDate', messages.deedDate, (s) => s.deedDate),
    day('cancellationDate', messages.cancellationDate, (s) => s.cancellationDate),
    day('lastAction', messages.lastAction, (s) => s.lastAction),
    { field: 'exercice', header: messages.exercice, value: (s) => s.exercice, sortable: true },
  ];
}

function RealEstateSums({ year, cgpId }: { year: number; cgpId?: string }) {
  const totals = useQuery(getVentesValoricielsYearQuery(year, cgpId));
  const data = totals.data;
  return (
    <SumCard
      title={messages.realEstateSumsTitle(year)}
      items={[
        [messages.options, data?.optionsTotal],
        [messages.bookings, data?.bookingsTotal],
        [messages.financed, data?.finance],
        [messages.outstanding, data?.encours],
        [messages.deeds, data?.deedsTotal],
        [messages.total, data?.total],
      ]}
      pending={totals.isPending}
      error={totals.isError ? totals.error.message : null}
    />
  );
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
  const own = route.scope === 'mine' && !route.agent;
  const spec = own ? MINE : NETWORK;
  const list = useListScreen({ filters: filterSchema, grids: [spec] });
  const grid = list.grid(spec);
  const { filters } = list;
  const sales = useSalesRoute(
    'realEstate',
    route,
    own ? messages.myRealEstateTitle : messages.realEstateTitle,
    filters,
  );
  const rows = useQuery(listVentesValoricielsQuery(sales.withAgent(grid.query)));
  const columns = useMemo(() => columnsFor(sales.links), [sales.links]);
  if (sales.refused)
    return <RefusedAgentSales title={sales.title} before={sales.before} scope={route.scope} />;

  return (
    <ListScreen
      title={sales.title}
      before={sales.before}
      action={
        <Gate component="sales_real_estate_unity_page">
          <RealEstateToolLink />
        </Gate>
      }
      exportButton={
        <Gate component="sales_real_estate_export">
          <ExportButton
            onExport={(onProgress) =>
              exportVentesValoriciels(sales.withAgent(grid.exportQuery), onProgress)
            }
          />
        </Gate>
      }
      summary={
        <Gate component="sales_real_estate_sum_sales">
          <RealEstateSums year={sales.year} cgpId={sales.cgpId} />
        </Gate>
      }
      filters={
        <ListFilters list={list} label={messages.realEstateFilters}>
          {(draft, set) => (
            <SalesFilterFields
              draft={draft}
              set={set}
              agentPicker={route.scope === 'network' && !route.agent}
              clientPicker={sales.links.client !== null}
            >
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                <FilterTextField
                  label={messages.type}
                  maxLength={limits.saleTypeFilter}
                  value={draft.type}
                  onChange={(e) => set({ type: e.target.value })}
                />
                <SelectField
                  label={messages.status}
                  options={STATUSES.map((v) => ({ value: v, label: v || messages.any }))}
                  value={draft.advStatus}
                  onChange={(e) => set({ advStatus: statusOf(e.target.value) })}
                />
                <DayRange
                  label={messages.lastAction}
                  className="sm:col-span-2"
                  from={draft['lastActionAfter']}
                  to={draft['lastActionBefore']}
                  onChange={(from, to) => set({ lastActionAfter: from, lastActionBefore: to })}
                />
              </div>
            </SalesFilterFields>
          )}
        </ListFilters>
      }
    >
      <PagedGrid
        grid={grid}
        label={messages.realEstateGrid}
        columns={columns}
        list={rows}
        storageKey={`real-estate-${route.scope}`}
        empty={{ none: messages.none, filtered: messages.empty }}
        totalLabel={messages.totalSales}
      />
    </ListScreen>
  );
}
