import type { TeamSalesRow } from '@portal/api/teams';
import type { DataGridColumn } from '@portal/ui/data-grid';
import type { UseQueryResult } from '@tanstack/react-query';
import type { GridTexts } from '../common';
import type { ListGrid, PageSize, StoredGridSpec } from '../list-kit';
import { PagedGrid } from '../list-kit/paged-grid';
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

/** A team table's URL keys (`prefix` for the second table of a page). */
export const teamGrid = (pageSize: PageSize, prefix?: string): StoredGridSpec => ({
  prefix,
  sortable: TEAM_SORTABLE,
  pageSize,
  storageKey: `team:${prefix ?? ''}`,
});

/** A titled team table, server-paged, its page and sort in the URL. */
export function TeamTable({
  texts,
  grid,
  list,
  columns,
}: {
  texts: GridTexts;
  grid: ListGrid<StoredGridSpec>;
  list: UseQueryResult<{ 'hydra:member': TeamSalesRow[]; 'hydra:totalItems': number }>;
  columns: DataGridColumn<TeamSalesRow>[];
}) {
  return <PagedGrid grid={grid} columns={columns} list={list} texts={texts} />;
}
