import { api } from './client';
import type { operations } from './generated/main';
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
