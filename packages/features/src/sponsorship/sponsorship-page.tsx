import {
  listDirectRegistrationsQuery,
  listRegistrationStepsQuery,
  listTeamRegistrationsQuery,
  type RegistrationRow,
} from '@portal/api/sponsorship';
import type { DataGridColumn } from '@portal/ui/data-grid';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import * as z from 'zod/mini';
import {
  ListFilters,
  ListScreen,
  PAGE_SIZES,
  type StoredGridSpec,
  textFilters,
  urlFilter,
  useListScreen,
} from '../list-kit';
import { PagedGrid } from '../list-kit/paged-grid';
import { agentPaths } from '../paths';
import { messages } from './messages';

// React Flow comes only when a registration is opened.
const RegistrationFlow = lazy(() => import('./registration-flow'));

const SORTABLE = ['lastName', 'firstName', 'sponsor', 'step'] as const;
/** The name filters' length in the contract. */
const NAME_MAX = 120;
/** Two tables of 5 to 100 rows, 10 by default, each with its keys (`direct.page`…). */
const ALL: StoredGridSpec = {
  sortable: SORTABLE,
  pageSize: 10,
  pageSizes: PAGE_SIZES,
  storageKey: 'sponsorship:',
};
const DIRECT: StoredGridSpec = { ...ALL, prefix: 'direct.', storageKey: 'sponsorship:direct.' };

/**
 * The page's URL: the filters both tables share and the registration whose flow is open (page
 * state); the kit adds each table's sort, size and page.
 */
const NAMES = textFilters({
  lastName: { label: messages.lastName, maxLength: NAME_MAX },
  firstName: { label: messages.firstName, maxLength: NAME_MAX },
  sponsor: { label: messages.sponsor, maxLength: NAME_MAX },
});
const sponsorFilters = z.object({
  ...NAMES.schema,
  step: urlFilter.id(),
  selected: urlFilter.id(),
});

/**
 * /my-team-sponsor (`team_sponsor_page`): the registrations the agent follows, filtered by
 * last name, first name, sponsor and step, in two tables ('Mes filleuls directs', 'Toutes mes
 * équipes', 5 to 100 rows); a row's name opens its 13-step flow below, kept in the URL.
 */
export function SponsorshipPage() {
  const list = useListScreen({
    filters: sponsorFilters,
    grids: [DIRECT, ALL],
    state: ['selected'],
  });
  const { filters } = list;
  const directGrid = list.grid(DIRECT);
  const allGrid = list.grid(ALL);
  const direct = useQuery(listDirectRegistrationsQuery(directGrid.query));
  const all = useQuery(listTeamRegistrationsQuery(allGrid.query));
  const steps = useQuery(listRegistrationStepsQuery());
  const selectedHref = (id: number) =>
    `${agentPaths.teamSponsor}?${list.searchWith({ selected: String(id) })}`;
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
    <ListScreen
      title={messages.title}
      filters={
        <ListFilters
          list={list}
          label={messages.filtersLabel}
          className={FORM_CLASS}
          fieldsClassName="grid flex-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
          fields={[
            ...NAMES.fields,
            { kind: 'select', key: 'step', label: messages.step, options: stepOptions },
          ]}
        />
      }
    >
      {filters.selected ? (
        <Suspense fallback={<p role="status">{messages.loading}</p>}>
          <RegistrationFlow
            id={Number(filters.selected)}
            onClose={() => list.set({ selected: '' })}
          />
        </Suspense>
      ) : (
        <p className="text-sm text-muted">{messages.flowHint}</p>
      )}
      {/* The same table twice: the direct godchildren, then every team below the agent. */}
      {[
        { texts: messages.directGrid, grid: directGrid, list: direct },
        { texts: messages.allGrid, grid: allGrid, list: all },
      ].map((table) => (
        <PagedGrid key={table.grid.spec.prefix ?? ''} {...table} columns={columns} />
      ))}
    </ListScreen>
  );
}

const FORM_CLASS =
  'flex flex-col gap-3 rounded-card bg-surface p-4 shadow-sm md:flex-row md:items-end';
