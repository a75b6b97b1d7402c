import {
  listDirectRegistrationsQuery,
  listRegistrationStepsQuery,
  listTeamRegistrationsQuery,
  type RegistrationFilters,
  type RegistrationRow,
} from '@portal/api/sponsorship';
import type { DataGridColumn } from '@portal/ui/data-grid';
import { SelectField } from '@portal/ui/select-field';
import { TextField } from '@portal/ui/text-field';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import * as z from 'zod/mini';
import {
  DraftFilterForm,
  filtersToSearch,
  ListPage,
  urlFilter,
  type UrlFilters,
  useUrlFilters,
} from '../list-kit';
import { PagedGrid, sortOf } from '../list-kit/legacy-paged-grid';
import { agentPaths } from '../paths';
import { messages } from './messages';

// React Flow comes only when a registration is opened.
const RegistrationFlow = lazy(() => import('./registration-flow'));

const SORTABLE = ['lastName', 'firstName', 'sponsor', 'step'] as const;
const DIRECTIONS = ['', 'asc', 'desc'] as const;
const SIZES = ['5', '10', '25', '50', '100'] as const;
const PAGE_SIZES = SIZES.map(Number);

const tableKeys = (prefix: string) => ({
  ...Object.fromEntries(
    SORTABLE.map((field) => [`${prefix}order[${field}]`, urlFilter.oneOf(DIRECTIONS, '')]),
  ),
  [`${prefix}itemsPerPage`]: urlFilter.oneOf(SIZES, '10'),
  [`${prefix}page`]: urlFilter.page(),
});

/**
 * The page's URL: the filters both tables share, each table's sort, size and page (the direct
 * table's keys start with `direct.`), and the registration whose flow is open.
 */
const sponsorFilters = z.object({
  lastName: urlFilter.text(),
  firstName: urlFilter.text(),
  sponsor: urlFilter.text(),
  step: urlFilter.id(),
  ...tableKeys('direct.'),
  ...tableKeys(''),
  selected: urlFilter.id(),
});
type Filters = z.output<typeof sponsorFilters> & Record<string, unknown>;

/** The API's query of one table: the shared filters, its page, size and sort. */
function tableQuery(filters: Filters, prefix: string): RegistrationFilters {
  const sort = sortOf(filters, SORTABLE, prefix);
  return {
    ...(filters.lastName ? { lastName: filters.lastName } : {}),
    ...(filters.firstName ? { firstName: filters.firstName } : {}),
    ...(filters.sponsor ? { sponsor: filters.sponsor } : {}),
    ...(filters.step ? { step: Number(filters.step) } : {}),
    page: filters[`${prefix}page`] as number,
    itemsPerPage: Number(filters[`${prefix}itemsPerPage`]) as RegistrationFilters['itemsPerPage'],
    ...(sort ? { [`order[${sort.field}]`]: sort.direction } : {}),
  };
}

/**
 * /my-team-sponsor (`team_sponsor_page`): the registrations the agent follows, filtered by
 * last name, first name, sponsor and step, in two tables ('Mes filleuls directs', 'Toutes mes
 * équipes', 5 to 100 rows); a row's name opens its 13-step flow below, kept in the URL.
 */
export function SponsorshipPage() {
  const { filters, defaults, apply, reset } = useUrlFilters(
    sponsorFilters,
  ) as unknown as UrlFilters<Filters>;
  const direct = useQuery(listDirectRegistrationsQuery(tableQuery(filters, 'direct.')));
  const all = useQuery(listTeamRegistrationsQuery(tableQuery(filters, '')));
  const steps = useQuery(listRegistrationStepsQuery());
  const selectedHref = (id: number) =>
    `${agentPaths.teamSponsor}?${filtersToSearch(sponsorFilters, { ...filters, selected: String(id) })}`;
  const columns: DataGridColumn<RegistrationRow>[] = [
    {
      field: 'lastName',
      header: messages.lastName,
      value: (row) => row.lastName,
      href: (row) => selectedHref(row.id),
      sortable: true,
      alwaysVisible: true,
      minWidth: 150,
    },
    {
      field: 'firstName',
      header: messages.firstName,
      value: (row) => row.firstName,
      sortable: true,
      minWidth: 130,
    },
    {
      field: 'sponsor',
      header: messages.sponsor,
      value: (row) =>
        row.sponsorLastName ? `${row.sponsorFirstName ?? ''} ${row.sponsorLastName}`.trim() : '',
      sortable: true,
      minWidth: 170,
    },
    {
      field: 'step',
      header: messages.step,
      value: (row) => messages.stepOf(row.step, row.stepName),
      sortable: true,
      minWidth: 240,
      flex: 2,
    },
  ];
  const stepOptions = useMemo(
    () => [
      { value: '', label: messages.anyStep },
      ...(steps.data ?? []).map((step) => ({
        value: String(step.id),
        label: messages.stepOf(step.id, step.label),
      })),
    ],
    [steps.data],
  );

  return (
    <ListPage title={messages.title}>
      <SponsorFilters
        value={filters}
        defaults={defaults}
        stepOptions={stepOptions}
        onApply={apply}
        onReset={reset}
      />
      {filters.selected ? (
        <Suspense fallback={<p role="status">{messages.loading}</p>}>
          <RegistrationFlow id={Number(filters.selected)} onClose={() => apply({ selected: '' })} />
        </Suspense>
      ) : (
        <p className="text-sm text-muted">{messages.flowHint}</p>
      )}
      <Table
        title={messages.directTitle}
        label={messages.directGrid}
        list={direct}
        filters={filters}
        apply={apply}
        columns={columns}
        prefix="direct."
      />
      <Table
        title={messages.allTitle}
        label={messages.allGrid}
        list={all}
        filters={filters}
        apply={apply}
        columns={columns}
        prefix=""
      />
    </ListPage>
  );
}

function Table({
  title,
  label,
  list,
  filters,
  apply,
  columns,
  prefix,
}: {
  title: string;
  label: string;
  list: ReturnType<
    typeof useQuery<{ 'hydra:member': RegistrationRow[]; 'hydra:totalItems': number }>
  >;
  filters: Filters;
  apply: (next: Partial<Filters>) => void;
  columns: DataGridColumn<RegistrationRow>[];
  prefix: string;
}) {
  return (
    <PagedGrid
      title={title}
      label={label}
      columns={columns}
      list={list}
      page={filters[`${prefix}page`] as number}
      pageSize={Number(filters[`${prefix}itemsPerPage`])}
      pageSizes={PAGE_SIZES}
      sortable={SORTABLE}
      filters={filters}
      apply={apply}
      storageKey={`sponsorship:${prefix}`}
      emptyMessage={messages.empty}
      totalLabel={messages.total}
      prefix={prefix}
    />
  );
}

function SponsorFilters({
  stepOptions,
  ...props
}: {
  value: Filters;
  defaults: Filters;
  stepOptions: { value: string; label: string }[];
  onApply: (next: Partial<Filters>) => void;
  onReset: () => void;
}) {
  return (
    <DraftFilterForm
      {...props}
      label={messages.filtersLabel}
      submit={(draft) => ({
        lastName: draft.lastName,
        firstName: draft.firstName,
        sponsor: draft.sponsor,
        step: draft.step,
        page: 1,
        'direct.page': 1,
      })}
    >
      {(draft, set) => (
        <div className="grid flex-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <TextField
            label={messages.lastName}
            value={draft.lastName}
            maxLength={120}
            onChange={(event) => set({ lastName: event.target.value })}
          />
          <TextField
            label={messages.firstName}
            value={draft.firstName}
            maxLength={120}
            onChange={(event) => set({ firstName: event.target.value })}
          />
          <TextField
            label={messages.sponsor}
            value={draft.sponsor}
            maxLength={120}
            onChange={(event) => set({ sponsor: event.target.value })}
          />
          <SelectField
            label={messages.step}
            options={stepOptions}
            value={draft.step}
            onChange={(event) => set({ step: event.target.value })}
          />
        </div>
      )}
    </DraftFilterForm>
  );
}
