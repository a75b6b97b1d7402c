import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components, operations } from './generated/main';
import { getQuery } from './shared/get-query';

export type InvoicesItem = components['schemas']['InvoicesItem'];
export type InvoicesFilters = NonNullable<operations['listInvoices']['parameters']['query']>;

/** Key roots (`[operationId]`). */
export const invoicesKeys = {
  listInvoices: ['listInvoices'] as const,
};

/** Mes Factures: one page of the list. */
export const listInvoicesQuery = (filters: InvoicesFilters) =>
  queryOptions({
    queryKey: [...invoicesKeys.listInvoices, filters] as const,
    queryFn: getQuery('/invoices', { params: { query: filters } }),
    placeholderData: keepPreviousData,
  });
