import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { components, operations } from './generated/main';
import { exportColumns } from './generated/columns';
import { unwrap } from './hydra';
import { type DownloadedFile, getDownload } from './shared/download';
import { getQuery } from './shared/get-query';
import { type MutationCallbacks, useDomainMutation } from './shared/mutation';

export type Prospect = components['schemas']['Prospect'];
export type ProspectFile = components['schemas']['ProspectFile'];
export type ProspectFileKind = components['schemas']['ProspectFileKind'];
export type ProspectPatch = components['schemas']['ProspectPatch'];
export type ListProspectsFilters = NonNullable<operations['listProspects']['parameters']['query']>;
export type ExportProspectsFilters = NonNullable<
  operations['exportProspects']['parameters']['query']
>;

/** The grid's headers, the same words as the export's columns (the contract's `x-columns`). */
export const prospectHeaders = exportColumns.exportProspects;

/** Key roots (`[operationId]`). */
export const prospectKeys = {
  listProspects: ['listProspects'] as const,
  getProspect: ['getProspect'] as const,
};

export const listProspectsQuery = (filters: ListProspectsFilters) =>
  queryOptions({
    queryKey: [...prospectKeys.listProspects, filters] as const,
    queryFn: getQuery('/prospects', { params: { query: filters } }),
  });

export const getProspectQuery = (id: number) =>
  queryOptions({
    queryKey: [...prospectKeys.getProspect, id] as const,
    queryFn: getQuery('/prospects/{id}', { params: { path: { id } } }),
  });

/** `GET /prospects/export`: the filtered prospects as an .xlsx. */
export function exportProspects(
  filters: ExportProspectsFilters,
  onProgress?: (receivedBytes: number) => void,
): Promise<DownloadedFile> {
  return getDownload('/prospects/export', { params: { query: filters } }, { onProgress });
}

/** A prospect's document (`/media/{filePath}?download`), sent with the bearer token. */
export function downloadProspectFile(
  filePath: string,
  onProgress?: (receivedBytes: number) => void,
): Promise<DownloadedFile> {
  const file = filePath.replace(/^prospects\//, '');
  return getDownload(
    '/media/prospects/{file}',
    { params: { path: { file }, query: { download: '' } } },
    { onProgress },
  );
}

export interface ProspectValues {
  lastName: string;
  firstName: string;
  /** YYYY-MM-DD. */
  birthday: string;
  ricFile: File | null;
  derFile: File | null;
  /** Staff: the agent's CGP id. */
  consultant?: string;
}

export async function createProspect(values: ProspectValues): Promise<Prospect> {
  const body = new FormData();
  body.append('lastName', values.lastName);
  body.append('firstName', values.firstName);
  body.append('birthday', values.birthday);
  if (values.consultant) body.append('consultant', values.consultant);
  if (values.ricFile) body.append('ricFile', values.ricFile);
  if (values.derFile) body.append('derFile', values.derFile);
  // openapi-fetch sends FormData as is (the browser sets the multipart boundary).
  return unwrap(
    await api.main.POST('/prospects', {
      body: body as unknown as components['schemas']['ProspectUpload'],
    }),
  );
}

export async function addProspectFile({
  id,
  file,
  kind,
}: {
  id: number;
  file: File;
  kind: ProspectFileKind;
}): Promise<Prospect> {
  const body = new FormData();
  body.append('file', file);
  body.append('kind', kind);
  return unwrap(
    await api.main.POST('/prospect/{id}/files', {
      params: { path: { id } },
      body: body as unknown as components['schemas']['ProspectFileUpload'],
    }),
  );
}

const prospectsChanged = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: prospectKeys.listProspects });
  void queryClient.invalidateQueries({ queryKey: prospectKeys.getProspect });
};

export const useCreateProspect = (options?: MutationCallbacks<Prospect, ProspectValues>) =>
  useDomainMutation(createProspect, prospectsChanged, options);

export const useAddProspectFile = (
  options?: MutationCallbacks<Prospect, { id: number; file: File; kind: ProspectFileKind }>,
) => useDomainMutation(addProspectFile, prospectsChanged, options);
