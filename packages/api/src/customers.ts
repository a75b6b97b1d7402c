import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { components, operations } from './generated/main';
import { unwrap } from './hydra';
import { readDownload, type DownloadedFile } from './shared/download';

export type ExportCustomersFilters = NonNullable<
  operations['exportCustomers']['parameters']['query']
>;

/** `GET /clients/export`: the filtered customers as an .xlsx, with the bytes received so far. */
export async function exportCustomers(
  filters: ExportCustomersFilters,
  onProgress?: (receivedBytes: number) => void,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  const { response } = await api.main.GET('/clients/export', {
    params: { query: filters },
    parseAs: 'stream',
    signal,
  });
  return readDownload(response, onProgress);
}

export type ClientReference = components['schemas']['ClientReference'];

/** Key roots (`[operationId]`). */
export const customerKeys = {
  listClientReferences: ['listClientReferences'] as const,
};

/** The client picker's matches for `fullName`, kept 60 s (spec part 2 §9). */
export const listClientReferencesQuery = (fullName: string) =>
  queryOptions({
    queryKey: [...customerKeys.listClientReferences, fullName] as const,
    queryFn: async ({ signal }): Promise<ClientReference[]> =>
      unwrap(
        await api.main.GET('/clients', {
          params: { query: { fullName, pagination: false } },
          signal,
        }),
      )['hydra:member'],
    staleTime: 60_000,
    gcTime: 60_000,
  });

/** One client reference by id (a filter's label after a reload); null when out of reach. */
export const getClientReferenceQuery = (id: string) =>
  queryOptions({
    queryKey: [...customerKeys.listClientReferences, { id }] as const,
    queryFn: async ({ signal }): Promise<ClientReference | null> =>
      unwrap(await api.main.GET('/clients', { params: { query: { id } }, signal }))[
        'hydra:member'
      ][0] ?? null,
    staleTime: 60_000,
  });

export type Customer = components['schemas']['Customer'];
export type ListCustomersFilters = NonNullable<operations['listCustomers']['parameters']['query']>;

/** A page of customers; the previous page stays shown while the next one loads. */
export const listCustomersQuery = (filters: ListCustomersFilters) =>
  queryOptions({
    queryKey: ['listCustomers', filters] as const,
    queryFn: async ({ signal }) =>
      unwrap(await api.main.GET('/clients/clients', { params: { query: filters }, signal })),
    placeholderData: keepPreviousData,
  });

export type CustomerDetail = components['schemas']['CustomerDetail'];
export type CustomerRealEstateSale = components['schemas']['CustomerRealEstateSale'];
export type CustomerInvestmentSale = components['schemas']['CustomerInvestmentSale'];

/** One customer with his sales, narrowed to `years` ('2026,2025'; '' for every year). */
export const getCustomerQuery = (id: number, years: string) =>
  queryOptions({
    queryKey: ['getCustomer', id, years] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.main.GET('/clients/{id}', {
          params: { path: { id }, query: years ? { years } : {} },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** `GET /clients/export/{id}`: a customer's sales of `years` as an .xlsx, one sheet per kind. */
export async function exportCustomer(
  id: number,
  years: string,
  onProgress?: (receivedBytes: number) => void,
): Promise<DownloadedFile> {
  const { response } = await api.main.GET('/clients/export/{id}', {
    params: { path: { id }, query: years ? { years } : {} },
    parseAs: 'stream',
  });
  return readDownload(response, onProgress);
}
