import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { exportColumns } from './generated/columns';
import type { components, operations } from './generated/main';
import { type DownloadedFile, getDownload } from './shared/download';
import { getQuery } from './shared/get-query';

export type ExportCustomersFilters = NonNullable<
  operations['exportCustomers']['parameters']['query']
>;

/** `GET /clients/export`: the filtered customers as an .xlsx, with the bytes received so far. */
export function exportCustomers(
  filters: ExportCustomersFilters,
  onProgress?: (receivedBytes: number) => void,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  return getDownload('/clients/export', { params: { query: filters } }, { onProgress, signal });
}

export type ClientReference = components['schemas']['ClientReference'];

/** Key roots (`[operationId]`). */
/** The grids' headers, the same words as the exports' columns (the contract's `x-columns`). */
export const customerHeaders = {
  list: exportColumns.exportCustomers,
  realEstate: exportColumns.exportCustomer.realEstate,
  investment: exportColumns.exportCustomer.investment,
} as const;

export const customerKeys = {
  listClientReferences: ['listClientReferences'] as const,
  listCustomers: ['listCustomers'] as const,
  getCustomer: ['getCustomer'] as const,
};

/** The client picker's matches for `fullName`, kept 60 s (spec part 2 §9). */
export const listClientReferencesQuery = (fullName: string) =>
  queryOptions({
    queryKey: [...customerKeys.listClientReferences, fullName] as const,
    queryFn: async (context): Promise<ClientReference[]> =>
      (await getQuery('/clients', { params: { query: { fullName, pagination: false } } })(context))[
        'hydra:member'
      ],
    staleTime: 60_000,
    gcTime: 60_000,
  });

/** One client reference by id (a filter's label after a reload); null when out of reach. */
export const getClientReferenceQuery = (id: string) =>
  queryOptions({
    queryKey: [...customerKeys.listClientReferences, { id }] as const,
    queryFn: async (context): Promise<ClientReference | null> =>
      (await getQuery('/clients', { params: { query: { id } } })(context))['hydra:member'][0] ??
      null,
    staleTime: 60_000,
  });

export type Customer = components['schemas']['Customer'];
export type ListCustomersFilters = NonNullable<operations['listCustomers']['parameters']['query']>;

/** A page of customers; the previous page stays shown while the next one loads. */
export const listCustomersQuery = (filters: ListCustomersFilters) =>
  queryOptions({
    queryKey: [...customerKeys.listCustomers, filters] as const,
    queryFn: getQuery('/clients/clients', { params: { query: filters } }),
    placeholderData: keepPreviousData,
  });

export type CustomerDetail = components['schemas']['CustomerDetail'];
export type CustomerRealEstateSale = components['schemas']['CustomerRealEstateSale'];
export type CustomerInvestmentSale = components['schemas']['CustomerInvestmentSale'];

/** One customer with his sales, narrowed to `years` ('2026,2025'; '' for every year). */
export const getCustomerQuery = (id: number, years: string) =>
  queryOptions({
    queryKey: [...customerKeys.getCustomer, id, years] as const,
    queryFn: getQuery('/clients/{id}', { params: { path: { id }, query: years ? { years } : {} } }),
    placeholderData: keepPreviousData,
  });

/** `GET /clients/export/{id}`: a customer's sales of `years` as an .xlsx, one sheet per kind. */
export function exportCustomer(
  id: number,
  years: string,
  onProgress?: (receivedBytes: number) => void,
): Promise<DownloadedFile> {
  return getDownload(
    '/clients/export/{id}',
    { params: { path: { id }, query: years ? { years } : {} } },
    { onProgress },
  );
}
