import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { components, operations } from './generated/main';
import { unwrap } from './hydra';
import { type DownloadedFile, getDownload } from './shared/download';
import { getQuery } from './shared/get-query';
import { hydraInfiniteQuery } from './shared/hydra-pages';
import { type MutationCallbacks, useDomainMutation } from './shared/mutation';
import { progressFetch } from './shared/progress-fetch';

export type LibraryType = components['schemas']['LibraryType'];
export type Folder = components['schemas']['Folder'];
export type FolderInput = components['schemas']['FolderInput'];
export type FolderEdit = components['schemas']['FolderEdit'];
export type LibraryFile = components['schemas']['LibraryFile'];
export type LibraryFileEdit = components['schemas']['LibraryFileEdit'];

/** Key roots (`[operationId]`). */
export const libraryKeys = {
  listFolders: ['listFolders'] as const,
  listLibraryFiles: ['listLibraryFiles'] as const,
  searchLibraryFiles: ['searchLibraryFiles'] as const,
};

/** Every folder of a library (a small tree, not paged). */
export const listFoldersQuery = (type: LibraryType) =>
  queryOptions({
    queryKey: [...libraryKeys.listFolders, type] as const,
    queryFn: getQuery('/folders', { params: { query: { type } } }),
  });

/** Every file of a library, with the caller's recent marker. */
export const listLibraryFilesQuery = (type: LibraryType) =>
  queryOptions({
    queryKey: [...libraryKeys.listLibraryFiles, type] as const,
    queryFn: getQuery('/media_objects/library', { params: { query: { 'folder.type': type } } }),
  });

/** Files whose name or PDF text matches `q`, best first. */
export const searchLibraryFilesQuery = (type: LibraryType, q: string) =>
  queryOptions({
    queryKey: [...libraryKeys.searchLibraryFiles, type, q] as const,
    queryFn: getQuery('/media_objects/search', { params: { query: { 'folder.type': type, q } } }),
    enabled: q.trim() !== '',
  });

export async function createFolder(body: FolderInput): Promise<Folder> {
  return unwrap(await api.main.POST('/folders', { body }));
}

export async function editFolder({ id, body }: { id: number; body: FolderEdit }): Promise<Folder> {
  return unwrap(await api.main.POST('/folders/edit/{id}', { params: { path: { id } }, body }));
}

export async function deleteFolder(id: number): Promise<void> {
  unwrap(await api.main.DELETE('/folders/{id}', { params: { path: { id } } }));
}

export async function editLibraryFile({
  id,
  body,
}: {
  id: number;
  body: LibraryFileEdit;
}): Promise<LibraryFile> {
  return unwrap(
    await api.main.POST('/media_objects/edit/{id}', { params: { path: { id } }, body }),
  );
}

export async function deleteLibraryFile(id: number): Promise<void> {
  unwrap(await api.main.DELETE('/media_objects/library/{id}', { params: { path: { id } } }));
}

/** One file into a folder (one request per file, so each shows its own progress, 0 to 1). */
export async function uploadLibraryFile(
  folder: Folder,
  file: File,
  onProgress: (ratio: number) => void = () => {},
): Promise<LibraryFile> {
  const form = new FormData();
  form.append('folder', folder['@id']);
  form.append('file', file);
  return unwrap(
    await api.main.POST('/media_objects/library', {
      body: { folder: folder['@id'], file: file.name },
      // The browser sets the multipart boundary of the FormData itself.
      bodySerializer: () => form,
      fetch: progressFetch(onProgress),
    }),
  );
}

/** A file's bytes (bearer header); opening it marks it read for the caller. */
export function downloadLibraryFile(id: number, attachment: boolean): Promise<DownloadedFile> {
  return getDownload('/media_object/{id}/file', {
    params: { path: { id }, query: attachment ? { action: 'download' } : {} },
  });
}

/** A folder and everything below it, as a zip. */
export function downloadFolder(id: number): Promise<DownloadedFile> {
  return getDownload('/folder/{id}/folder', {
    params: { path: { id }, query: { action: 'download' } },
  });
}

/** Every library view: folders, files and searches. */
export const invalidateLibrary = (queryClient: QueryClient) =>
  Promise.all(
    Object.values(libraryKeys).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );

export const useCreateFolder = (options?: MutationCallbacks<Folder, FolderInput>) =>
  useDomainMutation(createFolder, invalidateLibrary, options);
export const useEditFolder = (
  options?: MutationCallbacks<Folder, { id: number; body: FolderEdit }>,
) => useDomainMutation(editFolder, invalidateLibrary, options);
export const useDeleteFolder = (options?: MutationCallbacks<void, number>) =>
  useDomainMutation(deleteFolder, invalidateLibrary, options);
export const useEditLibraryFile = (
  options?: MutationCallbacks<LibraryFile, { id: number; body: LibraryFileEdit }>,
) => useDomainMutation(editLibraryFile, invalidateLibrary, options);
export const useDeleteLibraryFile = (options?: MutationCallbacks<void, number>) =>
  useDomainMutation(deleteLibraryFile, invalidateLibrary, options);

export type DocumentModificationRequest = components['schemas']['DocumentModificationRequest'];
export type DocumentModificationRequestInput =
  components['schemas']['DocumentModificationRequestInput'];
export type DocumentModificationRequestPatch =
  components['schemas']['DocumentModificationRequestPatch'];
export type ModificationRequestStatus = components['schemas']['ModificationRequestStatus'];
export type ModificationRequestFilters = NonNullable<
  operations['listDocumentModificationRequests']['parameters']['query']
>;

export const modificationRequestKeys = {
  listDocumentModificationRequests: ['listDocumentModificationRequests'] as const,
  getDocumentModificationRequest: ['getDocumentModificationRequest'] as const,
};

/** The requests page after page (10, newest first), for the list that loads more. */
export const listDocumentModificationRequestsInfiniteQuery = (
  filters: ModificationRequestFilters,
) =>
  hydraInfiniteQuery(
    [...modificationRequestKeys.listDocumentModificationRequests, 'pages', filters] as const,
    async (page, signal) =>
      unwrap(
        await api.main.GET('/document_modification_requests', {
          params: { query: { ...filters, page } },
          signal,
        }),
      ),
  );

/** One request, for a link that opens it before its page of the list is loaded. */
export const getDocumentModificationRequestQuery = (id: number) =>
  queryOptions({
    queryKey: [...modificationRequestKeys.getDocumentModificationRequest, id] as const,
    queryFn: getQuery('/document_modification_requests/{id}', { params: { path: { id } } }),
  });

export async function createDocumentModificationRequest(
  body: DocumentModificationRequestInput,
): Promise<DocumentModificationRequest> {
  return unwrap(await api.main.POST('/document_modification_requests', { body }));
}

export async function updateDocumentModificationRequest({
  id,
  body,
}: {
  id: number;
  body: DocumentModificationRequestPatch;
}): Promise<DocumentModificationRequest> {
  return unwrap(
    await api.main.PATCH('/document_modification_requests/{id}', {
      params: { path: { id } },
      body,
    }),
  );
}

const invalidateRequests = (queryClient: QueryClient) =>
  Promise.all(
    Object.values(modificationRequestKeys).map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

export const useCreateDocumentModificationRequest = (
  options?: MutationCallbacks<DocumentModificationRequest, DocumentModificationRequestInput>,
) => useDomainMutation(createDocumentModificationRequest, invalidateRequests, options);

export const useUpdateDocumentModificationRequest = (
  options?: MutationCallbacks<
    DocumentModificationRequest,
    { id: number; body: DocumentModificationRequestPatch }
  >,
) => useDomainMutation(updateDocumentModificationRequest, invalidateRequests, options);
