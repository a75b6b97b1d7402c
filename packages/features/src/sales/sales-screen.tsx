import { getConsultantReferenceQuery } from '@portal/api/agents';
import { Gate } from '@portal/auth/guard';
import { Alert } from '@portal/ui/alert';
import type { CalendarDay } from '@portal/ui/calendar-day';
import { type DataGridColumn } from '@portal/ui/data-grid';
import { DateRangeField } from '@portal/ui/date-range-field';
import { ExportButton, type ExportedFile } from '@portal/ui/export-button';
import { lastYears, YearButtons } from '@portal/ui/year-buttons';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import * as z from 'zod/mini';
import {
  type ApiQuery,
  BackLink,
  type StoredGridSpec,
  ListFilters,
  ListScreen,
  type ListScreenState,
  urlFilter,
} from '../list-kit';
import { PagedGrid } from '../list-kit/paged-grid';
import { dateFieldLabels, exerciceOf } from '../common';
import { agentPaths } from '../paths';
import { staffPaths } from '../paths/staff';
import { AgentFilterPicker, ClientFilterPicker } from '../pickers';
import { messages } from './messages';
import type { SalesKind } from './sales-kind';
import { SalesTotals } from './sales-totals';

// What the three sales lists share on top of the list kit: the agent and client columns and
// pickers, the exercice, one agent's route (title, 'Retour', refusal) and the day ranges.

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
  headers: { agent: string; client: string },
): DataGridColumn<Row>[] {
  const agent = links.agent;
  const client = links.client;
  return [
    ...(agent
      ? [
          {
            field: agentSort,
            header: headers.agent,
            value: (s: Row) => `${s.consultant.fullName} (${s.consultant.idCgp})`,
            href: (s: Row) => agent(s.consultant.idCgp),
            sortable: true,
            minWidth: 180,
          },
        ]
      : []),
    {
      field: clientSort,
      header: headers.client,
      value: (s) => s.client.fullName,
      // Another agent's customer (an agent's sale to him) comes without id: his name, no link.
      href: client ? (s) => (s.client.id === null ? null : client(s.client.id)) : undefined,
      sortable: true,
      minWidth: 170,
      alwaysVisible: true,
    },
  ];
}

type UrlField = z.ZodMiniType<string | number | boolean>;

/**
 * A sales list's URL filters: the agent (CGP id) and client pickers, the list's own `fields`
 * and the exercice, named as the API's parameters.
 */
export function salesFilterSchema<Fields extends Record<string, UrlField>>(fields: Fields) {
  return z.object({
    cgpId: urlFilter.cgp(),
    'client.id': urlFilter.id(),
    ...fields,
    exercice: urlFilter.years(),
  });
}

/** What every sales list's filters hold, whatever its own fields. */
export type SalesBaseFilters = { cgpId: string; 'client.id': string; exercice: string };

/**
 * One sales list's route: its links, its title (one agent's name after it on his route), its
 * 'Retour', the agent whose sales are shown (the route's, else the filter's), the exercice of
 * the totals, and the API query with the route's agent.
 */
export function useSalesRoute(
  kind: SalesKind,
  route: SalesRoute,
  title: string,
  filters: SalesBaseFilters,
) {
  const links = useMemo(
    () => salesLinks(kind, { scope: route.scope, agent: route.agent }),
    [kind, route.scope, route.agent],
  );
  const agent = useQuery({
    ...getConsultantReferenceQuery(route.agent ?? ''),
    enabled: route.agent !== undefined,
  });
  const cgpId = route.agent ?? filters.cgpId;
  return {
    links,
    title: route.agent ? messages.agentSales(title, agent.data?.fullName ?? route.agent) : title,
    before: route.agent ? (
      <BackLink fallback={route.back ?? links.back} label={messages.back} />
    ) : undefined,
    /** An agent outside the caller's reach (not in his downline, or no such CGP id). */
    refused: Boolean(route.agent && agent.isSuccess && agent.data === null),
    cgpId: cgpId || undefined,
    /** The exercice of the totals: the filter's, else the current one. */
    year: filters.exercice ? Number(filters.exercice) : exerciceOf(new Date()),
    /** The list's query with the route's agent, who outranks the filter. */
    withAgent: (query: ApiQuery): ApiQuery =>
      route.agent ? { ...query, cgpId: route.agent } : query,
  };
}

/** One agent's sales the caller may not see: one clear message, no grid, totals nor export. */
export function RefusedAgentSales({
  title,
  before,
  scope,
}: {
  title: string;
  before: ReactNode;
  scope: SalesRoute['scope'];
}) {
  return (
    <ListScreen title={title} before={before}>
      <Alert variant="error">{scope === 'mine' ? messages.notInTeam : messages.unknownAgent}</Alert>
    </ListScreen>
  );
}

/**
 * The sales filters every list has around its own `children`: the agent picker (staff's
 * network lists), the client picker (where the caller may open customers), the exercice.
 */
function SalesFilterFields({
  draft,
  set,
  agentPicker,
  clientPicker,
  children,
}: {
  draft: SalesBaseFilters;
  set: (next: Partial<SalesBaseFilters>) => void;
  agentPicker: boolean;
  clientPicker: boolean;
  children?: ReactNode;
}) {
  const current = exerciceOf(new Date());
  const years = useMemo(() => lastYears(current, 5), [current]);
  return (
    <>
      {agentPicker || clientPicker ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {agentPicker && (
            <AgentFilterPicker
              label={messages.agent}
              value={draft.cgpId}
              onChange={(cgpId) => set({ cgpId })}
            />
          )}
          {clientPicker && (
            <ClientFilterPicker
              label={messages.client}
              value={draft['client.id']}
              onChange={(id) => set({ 'client.id': id })}
            />
          )}
        </div>
      ) : null}
      {children}
      <YearButtons
        label={messages.exercice}
        years={years}
        value={draft.exercice ? [Number(draft.exercice)] : []}
        onChange={(chosen) => set({ exercice: chosen.length ? String(chosen[0]) : '' })}
        allLabel={messages.allYears}
      />
    </>
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

/** What differs between the three lists besides their columns and fields. */
const LISTS = {
  realEstate: {
    titles: { own: messages.myRealEstateTitle, others: messages.realEstateTitle },
    labels: { filters: messages.realEstateFilters, grid: messages.realEstateGrid },
    gates: { export: 'sales_real_estate_export', sums: 'sales_real_estate_sum_sales' },
    sumsTitle: messages.realEstateSumsTitle,
  },
  investment: {
    titles: { own: messages.myInvestmentTitle, others: messages.investmentTitle },
    labels: { filters: messages.investmentFilters, grid: messages.investmentGrid },
    gates: { export: 'sales_investment_export', sums: 'sales_investment_sum_sales' },
    sumsTitle: messages.sumsTitle,
  },
  vlp: {
    titles: { own: messages.myVlpTitle, others: messages.vlpTitle },
    labels: { filters: messages.vlpFilters, grid: messages.vlpGrid },
    gates: { export: 'sales_vlp_export', sums: 'sales_vlp_sum_sales' },
    sumsTitle: messages.vlpSumsTitle,
  },
} as const satisfies Record<SalesKind, unknown>;

type Collection<Row> = { 'hydra:member': Row[]; 'hydra:totalItems': number };

/** A sales list: its rows, columns and fields; `SalesListScreen` does the rest (`LISTS`). */
export type SalesListProps<
  F extends SalesBaseFilters,
  Row extends Party & { id: number },
  Data extends Collection<Row>,
  Key extends readonly unknown[],
> = {
  kind: SalesKind;
  route: SalesRoute;
  /** The list's URL state, from `useListScreen` over `salesFilterSchema(...)`. */
  list: ListScreenState<F>;
  /** Its grid, remembering its columns per list and audience (`scopedGrids`): 'real-estate-mine'… */
  grid: StoredGridSpec;
  rows: (query: ApiQuery) => UseQueryOptions<Data, Error, Data, Key>;
  exportRows: (query: ApiQuery, onProgress: (bytes: number) => void) => Promise<ExportedFile>;
  columns: (links: SalesLinks) => DataGridColumn<Row>[];
  /** Beside the title, before the export. */
  action?: ReactNode;
  /** The list's own filter fields, between the pickers and the exercice. */
  fields: (draft: F, set: (next: Partial<F>) => void) => ReactNode;
};

/**
 * A sales list screen: its route (title, 'Retour', an agent out of reach), the exercice's totals,
 * the export, the filters and the server-paged grid, under the list's gates.
 */
export function SalesListScreen<
  F extends SalesBaseFilters,
  Row extends Party & { id: number },
  Data extends Collection<Row>,
  Key extends readonly unknown[],
>(props: SalesListProps<F, Row, Data, Key>) {
  const { kind, route, list } = props;
  const { titles, labels, gates, sumsTitle } = LISTS[kind];
  const grid = list.grid(props.grid);
  const own = route.scope === 'mine' && !route.agent;
  const sales = useSalesRoute(kind, route, own ? titles.own : titles.others, list.filters);
  const rows = useQuery(props.rows(sales.withAgent(grid.query)));
  const columnsOf = props.columns;
  const columns = useMemo(() => columnsOf(sales.links), [columnsOf, sales.links]);
  if (sales.refused)
    return <RefusedAgentSales title={sales.title} before={sales.before} scope={route.scope} />;

  return (
    <ListScreen
      title={sales.title}
      before={sales.before}
      action={props.action}
      exportButton={
        <Gate component={gates.export}>
          <ExportButton
            onExport={(onProgress) =>
              props.exportRows(sales.withAgent(grid.exportQuery), onProgress)
            }
          />
        </Gate>
      }
      summary={
        <Gate component={gates.sums}>
          <SalesTotals
            kind={kind}
            title={sumsTitle(sales.year)}
            year={sales.year}
            cgpId={sales.cgpId}
          />
        </Gate>
      }
      filters={
        <ListFilters list={list} label={labels.filters}>
          {(draft, set) => (
            <SalesFilterFields
              draft={draft}
              // F's base keys are SalesBaseFilters' own, as salesFilterSchema writes them.
              set={(next) => set(next as Partial<F>)}
              agentPicker={route.scope === 'network' && !route.agent}
              clientPicker={sales.links.client !== null}
            >
              {props.fields(draft, set)}
            </SalesFilterFields>
          )}
        </ListFilters>
      }
    >
      <PagedGrid grid={grid} columns={columns} list={rows} texts={labels.grid} />
    </ListScreen>
  );
}
