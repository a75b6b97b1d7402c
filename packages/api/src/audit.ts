import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { exportColumns } from './generated/columns';
import type { components, operations } from './generated/main';
import { type DownloadedFile, getDownload } from './shared/download';
import { getQuery } from './shared/get-query';

export type AuditEntry = components['schemas']['AuditEntry'];
export type ListAuditEntriesFilters = NonNullable<
  operations['listAuditEntries']['parameters']['query']
>;
export type ExportAuditEntriesFilters = NonNullable<
  operations['exportAuditEntries']['parameters']['query']
>;

/** The grid's headers, the same words as the export's columns (the contract's `x-columns`). */
export const auditHeaders = exportColumns.exportAuditEntries;

/** Key roots (`[operationId]`). */
export const auditKeys = {
  listAuditEntries: ['listAuditEntries'] as const,
};

/** A page of the audit trail; the previous page stays shown while the next one loads. */
export const listAuditEntriesQuery = (filters: ListAuditEntriesFilters) =>
  queryOptions({
    queryKey: [...auditKeys.listAuditEntries, filters] as const,
    queryFn: getQuery('/administration/audit', { params: { query: filters } }),
    placeholderData: keepPreviousData,
  });

/** `GET /administration/audit/export`: the filtered trail as an .xlsx. */
export function exportAuditEntries(
  filters: ExportAuditEntriesFilters,
  onProgress?: (receivedBytes: number) => void,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  return getDownload(
    '/administration/audit/export',
    { params: { query: filters } },
    { onProgress, signal },
  );
}
