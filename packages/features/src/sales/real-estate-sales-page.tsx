import {
  exportVentesValoriciels,
  getRealEstateToolQuery,
  getVentesValoricielsYearQuery,
  listVentesValoricielsQuery,
  type VenteValoriciel,
} from '@portal/api/sales';
// Subpaths, not the package's index (see docs/budgets.md).
import { Gate } from '@portal/auth/guard';
import { type DataGridColumn } from '@portal/ui/data-grid';
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

/** Spec part 2 §9: sales grids of 25. */
const PAGE_SIZE = 25;
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

const filterSchema = salesFilterSchema(
  {
    type: urlFilter.text(),
    advStatus: urlFilter.oneOf(STATUSES, ''),
    lastActionAfter: urlFilter.day(),
    lastActionBefore: urlFilter.day(),
  },
  SORTABLE,
);
type Filters = z.output<typeof filterSchema>;

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
  return (
    <SalesListPage
      kind="realEstate"
      route={route}
      title={
        route.scope === 'mine' && !route.agent
          ? messages.myRealEstateTitle
          : messages.realEstateTitle
      }
      schema={filterSchema}
      sortable={SORTABLE}
      defaultOrder={
        route.scope === 'mine' && !route.agent
          ? { field: 'lastAction', direction: 'desc' }
          : { field: 'exercice', direction: 'desc' }
      }
      pageSize={PAGE_SIZE}
      listQuery={listVentesValoricielsQuery}
      columns={columnsFor}
      gridLabel={messages.realEstateGrid}
      storageKey={`real-estate-${route.scope}`}
      sums={(year, cgpId) => <RealEstateSums year={year} cgpId={cgpId} />}
      sumsComponent="sales_real_estate_sum_sales"
      exportFile={exportVentesValoriciels}
      exportComponent="sales_real_estate_export"
      action={
        <Gate component="sales_real_estate_unity_page">
          <RealEstateToolLink />
        </Gate>
      }
      filtersLabel={messages.realEstateFilters}
      fields={(draft, set) => (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <TextField
            label={messages.type}
            value={draft.type}
            onChange={(e) => set({ type: e.target.value })}
          />
          <SelectField
            label={messages.status}
            options={STATUSES.map((v) => ({ value: v, label: v || messages.any }))}
            value={draft.advStatus}
            onChange={(e) => set({ advStatus: e.target.value as Filters['advStatus'] })}
          />
          <DayRange
            label={messages.lastAction}
            className="sm:col-span-2"
            from={draft['lastActionAfter']}
            to={draft['lastActionBefore']}
            onChange={(from, to) => set({ lastActionAfter: from, lastActionBefore: to })}
          />
        </div>
      )}
    />
  );
}
