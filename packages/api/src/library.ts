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
export type LibraryFile = components['schemas']['LibraryFile'];
export type MediaObjectList = components['schemas']['MediaObjectList'];

/** Rename and move as the spec sends them: `?name&path` (the folder, or the new parent). */
export type LibraryEdit = { name?: string; path?: string };

/** Key roots (`[operationId]`). */
export const libraryKeys = {
  listFolders: ['listFolders'] as const,
  listMediaObjects: ['listMediaObjects'] as const,
  listMediaObjectLists: ['listMediaObjectLists'] as const,
  searchLibraryFiles: ['searchLibraryFiles'] as const,
};

/** A file is recent this long after its creation, until the user reads it (spec §9). */
const RECENT_MS = 7 * 24 * 60 * 60 * 1000;

/** Every folder of a library (a small tree, not paged). */
export const listFoldersQuery = (type: LibraryType) =>
  queryOptions({
    queryKey: [...libraryKeys.listFolders, type] as const,
    queryFn: getQuery('/folders', { params: { query: { type } } }),
  });

/** Every file of a library: the spec's `GET /media_objects?pagination=false&folder.type[]=`. */
export const listMediaObjectsQuery = (type: LibraryType) =>
  queryOptions({
    queryKey: [...libraryKeys.listMediaObjects, type] as const,
    queryFn: getQuery('/media_objects', {
      params: { query: { pagination: false, 'folder.type[]': [type] } },
    }),
  });

/**
 * The caller's unread files of the last 7 days in a library (the spec's read state,
 * `GET /media_object_lists`), whose entries `useUpdateMediaObjectList` marks read.
 */
export const listMediaObjectListsQuery = (type: LibraryType, email: string) =>
  queryOptions({
    queryKey: [...libraryKeys.listMediaObjectLists, type, email] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.main.GET('/media_object_lists', {
          params: {
            query: {
              pagination: false,
              // Read when fetched, so that the key stays the same from one render to the next.
              'mediaObject.createdAt[after]': new Date(Date.now() - RECENT_MS).toISOString(),
              readByUser: false,
              'user.email': email,
              'mediaObject.folder.type[]': [type],
            },
          },
          signal,
        }),
      ),
    enabled: email !== '',
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

/** The spec's `POST /folders/edit/{id}?name&path` (empty body; `path: ''` is the root). */
export async function editFolder({
  id,
  query,
}: {
  id: number;
  query: LibraryEdit;
}): Promise<Folder> {
  return unwrap(await api.main.POST('/folders/edit/{id}', { params: { path: { id }, query } }));
}

export async function deleteFolder(id: number): Promise<void> {
  unwrap(await api.main.DELETE('/folders/{id}', { params: { path: { id } } }));
}

/** The spec's `POST /media_objects/edit/{id}?name&path` (empty body). */
export async function editLibraryFile({
  id,
  query,
}: {
  id: number;
  query: LibraryEdit;
}): Promise<LibraryFile> {
  return unwrap(
    await api.main.POST('/media_objects/edit/{id}', { params: { path: { id }, query } }),
  );
}

/** The spec's `DELETE /media_objects/{id}`. */
export async function deleteLibraryFile(id: number): Promise<void> {
  unwrap(await api.main.DELETE('/media_objects/{id}', { params: { path: { id } } }));
}

/**
 * One file into a folder with the spec's `POST /media_objects` (`file[0]`, `folderId`,
 * `person`), one request per file so that each shows its own progress (0 to 1).
 */
export async function uploadLibraryFile(
  folder: Folder,
  file: File,
  person: string | undefined,
  onProgress: (ratio: number) => void = () => {},
): Promise<LibraryFile> {
  const form = new FormData();
  form.append('file[0]', file);
  if (person) form.append('person', person);
  form.append('folderId', String(folder.id));
  const answer = unwrap(
    await api.main.POST('/media_objects', {
      body: { folderId: String(folder.id) },
      // The browser sets the multipart boundary of the FormData itself.
      bodySerializer: () => form,
      fetch: progressFetch(onProgress),
    }),
  );
  if (!('hydra:member' in answer)) throw new Error('POST /media_objects: no library file made');
  return answer['hydra:member'][0]!;
}

/** The spec's `PATCH /media_object_lists/{id}` `{readByUser: true}`: the caller read the file. */
export async function updateMediaObjectList(id: number): Promise<MediaObjectList> {
  return unwrap(
    await api.main.PATCH('/media_object_lists/{id}', {
      params: { path: { id } },
      body: { readByUser: true },
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
  options?: MutationCallbacks<Folder, { id: number; query: LibraryEdit }>,
) => useDomainMutation(editFolder, invalidateLibrary, options);
export const useDeleteFolder = (options?: MutationCallbacks<void, number>) =>
  useDomainMutation(deleteFolder, invalidateLibrary, options);
export const useEditLibraryFile = (
  options?: MutationCallbacks<LibraryFile, { id: number; query: LibraryEdit }>,
) => useDomainMutation(editLibraryFile, invalidateLibrary, options);
export const useUpdateMediaObjectList = (options?: MutationCallbacks<MediaObjectList, number>) =>
  useDomainMutation(updateMediaObjectList, invalidateLibrary, options);
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

/** The id in a folder IRI (`/folders/12`), the parent of a folder: null at the root. */
export const parentFolderId = (folder: Pick<Folder, 'parentFolder'>): number | null =>
  folder.parentFolder === null ? null : Number(folder.parentFolder.split('/').pop());
