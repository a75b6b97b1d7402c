import type { TeamSalesFilters, TeamSalesRow } from '@portal/api/teams';
import type { DataGridColumn } from '@portal/ui/data-grid';
import type { UseQueryResult } from '@tanstack/react-query';
import { PagedGrid, sortOf } from '../list-kit/legacy-paged-grid';
import { messages } from './messages';

/** The sortable columns of the team tables, as the API orders them (`order[field]`). */
export const TEAM_SORTABLE = [
  'fullName',
  'idCgp',
  'sponsor',
  'currentImmo',
  'finishImmo',
  'currentInvest',
  'finishInvest',
  'vlp',
  'vavc',
  'vave',
] as const;

const euros = (
  field: (typeof TEAM_SORTABLE)[number],
  header: string,
  value: (row: TeamSalesRow) => number,
): DataGridColumn<TeamSalesRow> => ({
  field,
  header,
  value,
  format: 'euros',
  sortable: true,
  minWidth: 140,
});

/** The team sales row's columns; the agent links to his detail (`detail`). */
export function teamColumns(detail: (idCgp: string) => string): DataGridColumn<TeamSalesRow>[] {
  return [
    {
      field: 'fullName',
      header: messages.agent,
      value: (row) => `${row.fullName} (${row.idCgp})`,
      href: (row) => detail(row.idCgp),
      sortable: true,
      alwaysVisible: true,
      minWidth: 250,
    },
    {
      field: 'sponsor',
      header: messages.sponsor,
      value: (row) => row.sponsor ?? '',
      sortable: true,
      minWidth: 170,
    },
    euros('currentImmo', messages.currentImmo, (row) => row.currentImmo),
    euros('finishImmo', messages.finishImmo, (row) => row.finishImmo),
    euros('currentInvest', messages.currentInvest, (row) => row.currentInvest),
    euros('finishInvest', messages.finishInvest, (row) => row.finishInvest),
    euros('vlp', messages.vlp, (row) => row.vlp),
    euros('vavc', messages.vavc, (row) => row.vavc),
    euros('vave', messages.vave, (row) => row.vave),
  ];
}

type Filters = Record<string, unknown>;

/** The API's sort of a team table from the URL (`prefix` for the second table of a page). */
export function teamOrder(filters: Filters, prefix = ''): Partial<TeamSalesFilters> {
  const sort = sortOf(filters, TEAM_SORTABLE, prefix);
  return sort ? { [`order[${sort.field}]`]: sort.direction } : {};
}

/** A titled team table, server-paged, its page and sort in the URL. */
export function TeamTable({
  title,
  label,
  list,
  page,
  pageSize,
  filters,
  apply,
  columns,
  prefix,
  empty,
}: {
  title: string;
  label: string;
  list: UseQueryResult<{ 'hydra:member': TeamSalesRow[]; 'hydra:totalItems': number }>;
  page: number;
  pageSize: number;
  filters: Filters;
  apply: (next: Filters) => void;
  columns: DataGridColumn<TeamSalesRow>[];
  prefix?: string;
  empty: string;
}) {
  return (
    <PagedGrid
      title={title}
      label={label}
      columns={columns}
      list={list}
      page={page}
      pageSize={pageSize}
      sortable={TEAM_SORTABLE}
      filters={filters}
      apply={apply}
      storageKey={`team:${prefix ?? ''}`}
      emptyMessage={empty}
      totalLabel={messages.totalAgents}
      prefix={prefix}
    />
  );
}
