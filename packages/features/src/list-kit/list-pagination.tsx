import { Link } from 'wouter';
import type { BreadcrumbLinkProps } from '@portal/ui/breadcrumbs';
import { Pagination } from '@portal/ui/pagination';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { paginationLabels } from '../common';
import { lastPageOf } from './list-url';
import type { ListGrid } from './use-list-screen';

export type ListPaginationProps = {
  /** The list's URL state and handle, from `useListScreen(...).grid(spec)`. */
  grid: ListGrid;
  /** The list query, for its total (`hydra:totalItems`). */
  list: UseQueryResult<{ 'hydra:totalItems': number }>;
  /** Accessible name of the pager, e.g. 'Pagination des factures'. */
  label: string;
  /** The count beside the pages, e.g. '42 factures'. */
  formatTotal?: (total: number) => ReactNode;
};

/**
 * The pager of a list screen's list that is not a grid (files, tasks): the page in the URL
 * through its `ListGrid` as `PagedGrid`'s, a page beyond the last one corrected to the last one,
 * shown while the list holds more than one page.
 */
export function ListPagination({ grid, list, label, formatTotal }: ListPaginationProps) {
  const { state, setPage } = grid;
  const total = list.data?.['hydra:totalItems'];
  const known = list.isSuccess && !list.isPlaceholderData && total !== undefined;
  const lastPage = known ? lastPageOf(total, state.pageSize) : state.page;
  // `?page=99999`: once the total is known, the last page, the URL corrected in place.
  useEffect(() => {
    if (state.page > lastPage) setPage(lastPage, { replace: true });
  }, [state.page, lastPage, setPage]);
  if (total === undefined || total <= state.pageSize) return null;
  return (
    <Pagination
      page={Math.min(state.page, lastPage)}
      pageCount={lastPageOf(total, state.pageSize)}
      totalItems={total}
      formatTotal={formatTotal}
      label={label}
      labels={paginationLabels}
      onPageChange={(page) => setPage(page)}
    />
  );
}

/** A breadcrumb's or a file list's link through the app's router (no page load). */
export function RouterLink({ href, className, children }: BreadcrumbLinkProps) {
  return (
    <Link href={href} className={className}>
      {children}
    </Link>
  );
}
