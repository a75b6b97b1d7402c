import {
  exportVentesValoriciels,
  getVentesValoricielsYearQuery,
  listVentesValoricielsQuery,
  type VenteValoriciel,
} from '@portal/api/sales';
// Subpaths, not the package's index (see docs/budgets.md).
import { Gate } from '@portal/auth/guard';
import type { CalendarDay } from '@portal/ui/calendar-day';
import { type DataGridColumn, type SortOrder } from '@portal/ui/data-grid';
import { DateRangeField } from '@portal/ui/date-range-field';
import { ExportButton } from '@portal/ui/export-button';
import { SelectField } from '@portal/ui/select-field';
import { TextField } from '@portal/ui/text-field';
import { lastYears, YearButtons } from '@portal/ui/year-buttons';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import * as z from 'zod/mini';
import { dateFieldLabels } from '../common';
import { FilterForm, ListPage, urlFilter, useDraft, useUrlFilters } from '../list-kit';
import { messages } from './messages';
import { exerciceOf, queryOf, SalesGrid, SumCard } from './sales-kit';

/** Spec part 2 §9: sales grids of 25. */
const PAGE_SIZE = 25;
const DIRECTIONS = ['', 'asc', 'desc'] as const;
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

const filterSchema = z.object({
  type: urlFilter.text(),
  advStatus: urlFilter.oneOf(STATUSES, ''),
  exercice: urlFilter.years(),
  lastActionAfter: urlFilter.day(),
  lastActionBefore: urlFilter.day(),
  ...(Object.fromEntries(
    SORTABLE.map((field) => [`order[${field}]`, urlFilter.oneOf(DIRECTIONS, '')]),
  ) as Record<`order[${SortField}]`, ReturnType<typeof urlFilter.oneOf<'' | 'asc' | 'desc'>>>),
  page: urlFilter.page(),
});
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

function columnsFor(scope: 'mine' | 'network'): DataGridColumn<VenteValoriciel>[] {
  const day = (field: SortField, header: string, value: (s: VenteValoriciel) => string | null) =>
    ({ field, header, value, format: 'date', sortable: true }) as const;
  return [
    ...(scope === 'network'
      ? [
          {
            field: 'consultant.lastname',
            header: messages.agent,
            value: (s: VenteValoriciel) => `${s.consultant.fullName} (${s.consultant.idCgp})`,
            sortable: true,
            minWidth: 180,
          },
        ]
      : []),
    {
      field: 'client.lastName',
      header: messages.client,
      value: (s) => s.client.fullName,
      sortable: true,
      minWidth: 170,
      alwaysVisible: true,
    },
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

function RealEstateSums({ year }: { year: number }) {
  const totals = useQuery(getVentesValoricielsYearQuery(year));
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

/**
 * /my-sales/real-estate (an agent's own sales, last action first) and /sales/real-estate
 * (staff, the network, exercice descending, with the agent column): filters and sort in the
 * URL, a server-paged grid of 25 with the step dates and coloured statuses, the exercice's
 * totals (`sales_real_estate_sum_sales`) and the export (`sales_real_estate_export`).
 */
export function RealEstateSalesPage({ scope }: { scope: 'mine' | 'network' }) {
  const { filters, defaults, apply, reset } = useUrlFilters(filterSchema);
  const defaultOrder: SortOrder =
    scope === 'mine'
      ? { field: 'lastAction', direction: 'desc' }
      : { field: 'exercice', direction: 'desc' };
  const query = queryOf(filters, SORTABLE, defaultOrder);
  const list = useQuery(listVentesValoricielsQuery({ ...query, itemsPerPage: PAGE_SIZE }));
  const columns = useMemo(() => columnsFor(scope), [scope]);
  const { page: _page, ...exportFilters } = query;
  const current = exerciceOf(new Date());
  const year = filters.exercice ? Number(filters.exercice) : current;

  return (
    <ListPage
      title={scope === 'mine' ? messages.myRealEstateTitle : messages.realEstateTitle}
      action={
        <Gate component="sales_real_estate_export">
          <ExportButton
            onExport={(onProgress) => exportVentesValoriciels(exportFilters, onProgress)}
          />
        </Gate>
      }
    >
      <Gate component="sales_real_estate_sum_sales">
        <RealEstateSums year={year} />
      </Gate>
      <RealEstateFilters
        value={filters}
        defaults={defaults}
        current={current}
        onApply={apply}
        onReset={reset}
      />
      <SalesGrid
        label={messages.realEstateGrid}
        columns={columns}
        list={list}
        page={filters.page}
        pageSize={PAGE_SIZE}
        sortable={SORTABLE}
        filters={filters}
        apply={apply as (next: Partial<typeof filters>) => void}
        storageKey={`real-estate-${scope}`}
      />
    </ListPage>
  );
}

function RealEstateFilters({
  value,
  defaults,
  current,
  onApply,
  onReset,
}: {
  value: Filters;
  defaults: Filters;
  current: number;
  onApply: (next: Partial<Filters>) => void;
  onReset: () => void;
}) {
  const [draft, set, setDraft] = useDraft(value);
  const years = useMemo(() => lastYears(current, 5), [current]);
  return (
    <FilterForm
      label={messages.realEstateFilters}
      onSubmit={() => onApply({ ...draft, page: 1 })}
      onReset={() => {
        setDraft(defaults);
        onReset();
      }}
      className="space-y-4 rounded-card bg-surface p-4 shadow-sm"
    >
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
        <DateRangeField
          label={messages.lastAction}
          className="sm:col-span-2"
          value={{
            from: draft.lastActionAfter as CalendarDay,
            to: draft.lastActionBefore as CalendarDay,
          }}
          onChange={(range) => set({ lastActionAfter: range.from, lastActionBefore: range.to })}
          fromLabel={messages.from}
          toLabel={messages.to}
          labels={dateFieldLabels}
        />
      </div>
      <YearButtons
        label={messages.exercice}
        years={years}
        value={draft.exercice ? [Number(draft.exercice)] : []}
        onChange={(chosen) => set({ exercice: chosen.length ? String(chosen[0]) : '' })}
        allLabel={messages.allYears}
      />
    </FilterForm>
  );
}
