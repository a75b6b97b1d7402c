import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { components, operations } from './generated/main';
import { unwrap } from './hydra';
import { type DownloadedFile, getDownload } from './shared/download';
import { getQuery } from './shared/get-query';
import { type MutationCallbacks, useDomainMutation } from './shared/mutation';
import { progressFetch } from './shared/progress-fetch';

export type Invoice = components['schemas']['Invoice'];
export type InvoicePeriod = components['schemas']['InvoicePeriod'];
export type InvoicesFilters = NonNullable<operations['listInvoices']['parameters']['query']>;
export type InvoicePeriodsFilters = NonNullable<
  operations['listInvoicePeriods']['parameters']['query']
>;
export type InvoicesDownload = operations['downloadInvoices']['parameters']['query'];
export type DispatchStatus = components['schemas']['DispatchStatus'];
export type DispatchInvoiceRequest = components['schemas']['DispatchInvoiceRequest'];
export type DispatchInvoiceRequestReport = components['schemas']['DispatchInvoiceRequestReport'];
export type DispatchRequestsFilters = NonNullable<
  operations['listDispatchInvoiceRequests']['parameters']['query']
>;

/** Key roots (`[operationId]`). */
export const invoicesKeys = {
  listInvoices: ['listInvoices'] as const,
  listInvoicePeriods: ['listInvoicePeriods'] as const,
  listDispatchInvoiceRequests: ['listDispatchInvoiceRequests'] as const,
  getDispatchInvoiceRequest: ['getDispatchInvoiceRequest'] as const,
};

/** One page of invoices (a month's files). */
export const listInvoicesQuery = (filters: InvoicesFilters) =>
  queryOptions({
    queryKey: [...invoicesKeys.listInvoices, filters] as const,
    queryFn: getQuery('/invoices', { params: { query: filters } }),
    placeholderData: keepPreviousData,
  });

/** The year folders, or the month folders of `year`, with their counts. */
export const listInvoicePeriodsQuery = (filters: InvoicePeriodsFilters) =>
  queryOptions({
    queryKey: [...invoicesKeys.listInvoicePeriods, filters] as const,
    queryFn: getQuery('/invoices/periods', { params: { query: filters } }),
  });

/** An invoice's PDF (inline, or as an attachment). */
export function downloadInvoice(id: number, attachment: boolean): Promise<DownloadedFile> {
  return getDownload('/invoices/{id}/file', {
    params: { path: { id }, query: attachment ? { action: 'download' } : {} },
  });
}

/** A month's (or a year's) invoices as one zip. */
export function downloadInvoices(query: InvoicesDownload): Promise<DownloadedFile> {
  return getDownload('/invoices/download', { params: { query } });
}

/** The dispatch requests, newest first, with their progress. */
export const listDispatchInvoiceRequestsQuery = (filters: DispatchRequestsFilters) =>
  queryOptions({
    queryKey: [...invoicesKeys.listDispatchInvoiceRequests, filters] as const,
    queryFn: getQuery('/dispatch_invoices_requests', { params: { query: filters } }),
    placeholderData: keepPreviousData,
  });

/** One request and its report. */
export const getDispatchInvoiceRequestQuery = (id: number) =>
  queryOptions({
    queryKey: [...invoicesKeys.getDispatchInvoiceRequest, id] as const,
    queryFn: getQuery('/dispatch_invoice_request/{id}', { params: { path: { id } } }),
  });

/** The mapping's template (.xlsx). */
export function downloadDispatchTemplate(): Promise<DownloadedFile> {
  return getDownload('/dispatch_invoice_request/template', {});
}

/** The zip of invoices and its mapping, through XHR to report the bytes sent. */
export async function createDispatchInvoiceRequest({
  invoicesFile,
  mappingFile,
  onProgress = () => {},
}: {
  invoicesFile: File;
  mappingFile: File;
  onProgress?: (ratio: number, loaded: number, total: number) => void;
}): Promise<DispatchInvoiceRequest> {
  const form = new FormData();
  form.append('invoicesFile', invoicesFile);
  form.append('mappingFile', mappingFile);
  return unwrap(
    await api.main.POST('/dispatch_invoice_request', {
      body: { invoicesFile: invoicesFile.name, mappingFile: mappingFile.name },
      // The browser sets the multipart boundary of the FormData itself.
      bodySerializer: () => form,
      fetch: progressFetch(onProgress),
    }),
  );
}

async function executeDispatchInvoiceRequest(id: number): Promise<DispatchInvoiceRequest> {
  return unwrap(
    await api.main.POST('/dispatch_invoice_request/{id}/execute', {
      params: { path: { id } },
      body: {},
    }),
  );
}

async function cancelDispatchInvoiceRequest(id: number): Promise<DispatchInvoiceRequest> {
  return unwrap(
    await api.main.POST('/dispatch_invoice_request/{id}/cancel', {
      params: { path: { id } },
      body: {},
    }),
  );
}

/** The dispatch views after a change. */
export const invalidateDispatch = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: invoicesKeys.listDispatchInvoiceRequests }),
    queryClient.invalidateQueries({ queryKey: invoicesKeys.getDispatchInvoiceRequest }),
  ]);

export const useCreateDispatchInvoiceRequest = (
  options?: MutationCallbacks<
    DispatchInvoiceRequest,
    Parameters<typeof createDispatchInvoiceRequest>[0]
  >,
) => useDomainMutation(createDispatchInvoiceRequest, invalidateDispatch, options);

export const useExecuteDispatchInvoiceRequest = (
  options?: MutationCallbacks<DispatchInvoiceRequest, number>,
) => useDomainMutation(executeDispatchInvoiceRequest, invalidateDispatch, options, 'settled');

export const useCancelDispatchInvoiceRequest = (
  options?: MutationCallbacks<DispatchInvoiceRequest, number>,
) => useDomainMutation(cancelDispatchInvoiceRequest, invalidateDispatch, options, 'settled');
