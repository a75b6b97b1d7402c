import { getConsultantReferenceQuery } from '@portal/api/agents';
// Subpaths, not the package's index (see docs/budgets.md).
import { Gate } from '@portal/auth/guard';
import { Alert } from '@portal/ui/alert';
import type { CalendarDay } from '@portal/ui/calendar-day';
import { type DataGridColumn, type SortOrder } from '@portal/ui/data-grid';
import { DateRangeField } from '@portal/ui/date-range-field';
import { ExportButton, type ExportedFile } from '@portal/ui/export-button';
import { lastYears, YearButtons } from '@portal/ui/year-buttons';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import * as z from 'zod/mini';
import {
  BackLink,
  FilterForm,
  type FilterSchema,
  ListPage,
  urlFilter,
  type UrlFilters,
  useDraft,
  useUrlFilters,
} from '../list-kit';
import { dateFieldLabels, exerciceOf } from '../common';
import { agentPaths, staffPaths } from '../paths';
import { AgentFilterPicker, ClientFilterPicker } from '../pickers';
import { messages } from './messages';
import { PagedGrid, queryOf } from '../list-kit/legacy-paged-grid';

/**
 * Which sales a list shows: an agent's own ('mine') or the network's (staff), and, from a
 * route's `{agentId}` / `{idCgp}`, one agent's (his CGP id): then the agent column and picker
 * go, and 'Retour' leads back to where the user came from.
 */
export type SalesRoute = {
  scope: 'mine' | 'network';
  agent?: string;
  /** Where 'Retour' leads when the user did not come from a list (a customer's agent page). */
  back?: string;
};
export type SalesKind = 'realEstate' | 'investment' | 'vlp';

type Party = {
  consultant: { fullName: string; idCgp: string };
  /** `id` null: a customer whose record the caller cannot open (another agent's). */
  client: { id: number | null; fullName: string };
};

const PATHS = {
  realEstate: {
    mine: [agentPaths.salesRealEstate, agentPaths.salesRealEstateClient],
    network: [staffPaths.salesRealEstate, staffPaths.salesRealEstateClient],
    team: staffPaths.salesRealEstateTeam,
  },
  investment: {
    mine: [agentPaths.salesInvestment, agentPaths.salesInvestmentClient],
    network: [staffPaths.salesInvestment, staffPaths.salesInvestmentClient],
    team: staffPaths.salesInvestmentTeam,
  },
  vlp: {
    mine: [agentPaths.salesVlp, agentPaths.salesVlpClient],
    network: [staffPaths.salesVlp, staffPaths.salesVlpClient],
    team: staffPaths.salesVlpTeam,
  },
} as const;

export type SalesLinks = {
  /** The agent column's link (staff's lists of the network); null: no agent column. */
  agent: ((idCgp: string) => string) | null;
  /** The client column's link; null where the caller cannot open the customer. */
  client: ((id: number) => string) | null;
  /** Where 'Retour' leads when the user did not come from a list of the app. */
  back: string;
};

export function salesLinks(kind: SalesKind, { scope, agent }: SalesRoute): SalesLinks {
  const paths = PATHS[kind];
  const [list, client] = paths[scope];
  if (scope === 'mine')
    // A downline agent's customers are his, not the caller's: no customer page to open.
    return { agent: null, client: agent ? null : client, back: list };
  return { agent: agent ? null : paths.team, client, back: list };
}

/** The agent (staff's lists of the network) and client columns every sales grid starts with. */
export function partyColumns<Row extends Party>(
  links: SalesLinks,
  agentSort: string,
  clientSort: string,
): DataGridColumn<Row>[] {
  const agent = links.agent;
  const client = links.client;
  return [
    ...(agent
      ? [
          {
            field: agentSort,
            header: messages.agent,
            value: (s: Row) => `${s.consultant.fullName} (${s.consultant.idCgp})`,
            href: (s: Row) => agent(s.consultant.idCgp),
            sortable: true,
            minWidth: 180,
          },
        ]
      : []),
    {
      field: clientSort,
      header: messages.client,
      value: (s) => s.client.fullName,
      // Another agent's customer (an agent's sale to him) comes without id: his name, no link.
      href: client ? (s) => (s.client.id === null ? null : client(s.client.id)) : undefined,
      sortable: true,
      minWidth: 170,
      alwaysVisible: true,
    },
  ];
}

const DIRECTIONS = ['', 'asc', 'desc'] as const;
type Direction = (typeof DIRECTIONS)[number];
type UrlField = z.ZodMiniType<string | number | boolean>;

/**
 * A sales list's URL filters: the agent (CGP id) and client pickers, the list's own `fields`,
 * the exercice, a direction per sortable field and the page.
 */
export function salesFilterSchema<Fields extends Record<string, UrlField>, Sort extends string>(
  fields: Fields,
  sortable: readonly Sort[],
) {
  const orders = Object.fromEntries(
    sortable.map((field) => [`order[${field}]`, urlFilter.oneOf(DIRECTIONS, '')]),
  ) as Record<`order[${Sort}]`, z.ZodMiniType<Direction>>;
  return z.object({
    cgpId: urlFilter.cgp(),
    'client.id': urlFilter.id(),
    ...fields,
    exercice: urlFilter.years(),
    ...orders,
    page: urlFilter.page(),
  });
}

/** What every sales list's filters hold (`salesFilterSchema`), whatever its own fields. */
type BaseFilters = { cgpId: string; 'client.id': string; exercice: string; page: number };
type SalesSchema = FilterSchema;
type FiltersOf<S extends SalesSchema> = z.output<S> & BaseFilters;
type Collection<Row> = { 'hydra:member': Row[]; 'hydra:totalItems': number };
type Query = Record<string, string | number>;

export type SalesListPageProps<
  S extends SalesSchema,
  Row extends { id: number },
  Key extends readonly unknown[],
> = {
  kind: SalesKind;
  route: SalesRoute;
  /** The page's title ('Mes ventes immobilier'); one agent's name follows it on his route. */
  title: string;
  schema: S;
  sortable: readonly string[];
  defaultOrder: SortOrder;
  pageSize: number;
  listQuery: (query: Query) => UseQueryOptions<Collection<Row>, Error, Collection<Row>, Key>;
  columns: (links: SalesLinks) => DataGridColumn<Row>[];
  gridLabel: string;
  storageKey: string;
  /** The exercice's totals card, over the list's agent when there is one. */
  sums: (year: number, cgpId: string | undefined) => ReactNode;
  sumsComponent: string;
  exportFile: (query: Query, onProgress: (receivedBytes: number) => void) => Promise<ExportedFile>;
  exportComponent: string;
  /** The list's own filter fields, between the pickers and the exercice. */
  fields: (draft: FiltersOf<S>, set: (next: Partial<FiltersOf<S>>) => void) => ReactNode;
  filtersLabel: string;
  /** Beside 'Exporter' (the real-estate tool). */
  action?: ReactNode;
};

/**
 * The frame of the three sales lists (spec part 2 §2, §5, §6): title, 'Retour' on one agent's
 * route, export and totals each behind their component, the filters (agent and client pickers,
 * the list's own fields, exercice buttons) and the server-paged grid, all in the URL.
 */
export function SalesListPage<
  S extends SalesSchema,
  Row extends { id: number } & Party,
  Key extends readonly unknown[],
>(props: SalesListPageProps<S, Row, Key>) {
  const { route, schema, sortable, pageSize } = props;
  // The schema comes from salesFilterSchema, hence the base filters.
  const { filters, defaults, apply, reset } = useUrlFilters(schema) as unknown as UrlFilters<
    FiltersOf<S>
  >;
  const cgpId = route.agent ?? filters.cgpId;
  const query = queryOf({ ...filters, cgpId }, sortable, props.defaultOrder);
  const list = useQuery(props.listQuery({ ...query, itemsPerPage: pageSize }));
  const links = useMemo(
    () => salesLinks(props.kind, { scope: route.scope, agent: route.agent }),
    [props.kind, route.scope, route.agent],
  );
  const { columns: columnsOf } = props;
  const columns = useMemo(() => columnsOf(links), [columnsOf, links]);
  const { page: _page, ...exportFilters } = query;
  const current = exerciceOf(new Date());
  const year = filters.exercice ? Number(filters.exercice) : current;
  const agent = useQuery({
    ...getConsultantReferenceQuery(route.agent ?? ''),
    enabled: route.agent !== undefined,
  });
  const title = route.agent
    ? messages.agentSales(props.title, agent.data?.fullName ?? route.agent)
    : props.title;
  const back = route.agent ? (
    <BackLink fallback={route.back ?? links.back} label={messages.back} />
  ) : undefined;

  // An agent outside the caller's reach (not in his downline, or no such CGP id): one clear
  // message rather than a refused grid, totals and export.
  if (route.agent && agent.isSuccess && agent.data === null)
    return (
      <ListPage title={title} before={back}>
        <Alert variant="error">
          {route.scope === 'mine' ? messages.notInTeam : messages.unknownAgent}
        </Alert>
      </ListPage>
    );

  return (
    <ListPage
      title={title}
      before={back}
      action={
        <div className="flex flex-wrap items-center gap-3">
          {props.action}
          <Gate component={props.exportComponent}>
            <ExportButton onExport={(onProgress) => props.exportFile(exportFilters, onProgress)} />
          </Gate>
        </div>
      }
    >
      <Gate component={props.sumsComponent}>{props.sums(year, cgpId || undefined)}</Gate>
      <SalesFilters
        value={filters}
        defaults={defaults}
        current={current}
        onApply={apply}
        onReset={reset}
        label={props.filtersLabel}
        agentPicker={route.scope === 'network' && !route.agent}
        clientPicker={links.client !== null}
        fields={props.fields}
      />
      <PagedGrid
        label={props.gridLabel}
        columns={columns}
        list={list}
        page={filters.page}
        pageSize={pageSize}
        sortable={sortable}
        filters={filters}
        apply={(next) => apply(next as Partial<FiltersOf<S>>)}
        storageKey={props.storageKey}
        emptyMessage={messages.empty}
        totalLabel={messages.totalSales}
      />
    </ListPage>
  );
}

function SalesFilters<F extends BaseFilters>({
  value,
  defaults,
  current,
  onApply,
  onReset,
  label,
  agentPicker,
  clientPicker,
  fields,
}: {
  value: F;
  defaults: F;
  current: number;
  onApply: (next: Partial<F>) => void;
  onReset: () => void;
  label: string;
  agentPicker: boolean;
  clientPicker: boolean;
  fields: (draft: F, set: (next: Partial<F>) => void) => ReactNode;
}) {
  const [draft, set, setDraft] = useDraft(value);
  const setBase = set as (next: Partial<BaseFilters>) => void;
  const years = useMemo(() => lastYears(current, 5), [current]);
  return (
    <FilterForm
      label={label}
      onSubmit={() => onApply({ ...draft, page: 1 })}
      onReset={() => {
        setDraft(defaults);
        onReset();
      }}
      className="space-y-4 rounded-card bg-surface p-4 shadow-sm"
    >
      {agentPicker || clientPicker ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {agentPicker && (
            <AgentFilterPicker
              label={messages.agent}
              value={draft.cgpId}
              onChange={(cgpId) => setBase({ cgpId })}
            />
          )}
          {clientPicker && (
            <ClientFilterPicker
              label={messages.client}
              value={draft['client.id']}
              onChange={(id) => setBase({ 'client.id': id })}
            />
          )}
        </div>
      ) : null}
      {fields(draft, set)}
      <YearButtons
        label={messages.exercice}
        years={years}
        value={draft.exercice ? [Number(draft.exercice)] : []}
        onChange={(chosen) => setBase({ exercice: chosen.length ? String(chosen[0]) : '' })}
        allLabel={messages.allYears}
      />
    </FilterForm>
  );
}

/** A 'Du' … 'au' day range of the filters, its days as the URL keeps them ('' for none). */
export function DayRange({
  label,
  from,
  to,
  onChange,
  className,
}: {
  label: string;
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
  className?: string;
}) {
  return (
    <DateRangeField
      label={label}
      className={className}
      value={{ from: from as CalendarDay, to: to as CalendarDay }}
      onChange={(range) => onChange(range.from, range.to)}
      fromLabel={messages.from}
      toLabel={messages.to}
      labels={dateFieldLabels}
    />
  );
}
