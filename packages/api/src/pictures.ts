import type { QueryClient } from '@tanstack/react-query';
import { api } from './client';
import type { components, operations } from './generated/main';
import { unwrap } from './hydra';
import { hydraInfiniteQuery, replaceInPages } from './shared/hydra-pages';
import { type MutationCallbacks, useDomainMutation } from './shared/mutation';
import { progressFetch } from './shared/progress-fetch';

export type MediaObject = components['schemas']['MediaObject'];
export type ImageBank = components['schemas']['ImageBank'];
export type ListImageBanksFilters = Omit<
  NonNullable<operations['listImageBanks']['parameters']['query']>,
  'page'
>;

/** Key roots (`[operationId]`): every image bank list (library and pickers). */
export const pictureKeys = {
  listImageBanks: ['listImageBanks'] as const,
};

/** `listImageBanks` page after page, for the image bank grid and picker. */
export const listImageBanksInfiniteQuery = (filters: ListImageBanksFilters = {}) =>
  hydraInfiniteQuery(
    [...pictureKeys.listImageBanks, 'pages', filters] as const,
    async (page, signal) =>
      unwrap(
        await api.main.GET('/image_banks', { params: { query: { ...filters, page } }, signal }),
      ),
  );

/** `POST /media_objects` (multipart `file`), reporting the upload's progress (0 to 1). */
export async function createMediaObject(
  file: File,
  onProgress: (ratio: number) => void = () => {},
): Promise<MediaObject> {
  const body = new FormData();
  body.append('file', file);
  const answer = unwrap(
    await api.main.POST('/media_objects', {
      // openapi-fetch sends FormData as is (the browser sets the multipart boundary).
      body: body as unknown as { file: string },
      fetch: progressFetch(onProgress),
    }),
  );
  // A picture (`file`) is answered alone; the collection is the library files' answer.
  if ('hydra:member' in answer) throw new Error('POST /media_objects: no picture made');
  return answer;
}

export async function createImageBank(title: string, media: MediaObject): Promise<ImageBank> {
  return unwrap(
    await api.main.POST('/image_banks', { body: { title, mediaObject: media['@id'] } }),
  );
}

export async function updateImageBank(
  id: number,
  changes: { title: string; media?: MediaObject },
): Promise<ImageBank> {
  return unwrap(
    await api.main.PATCH('/image_banks/{id}', {
      params: { path: { id } },
      body: {
        title: changes.title,
        ...(changes.media ? { mediaObject: changes.media['@id'] } : {}),
      },
    }),
  );
}

/** Deleting a picture deletes its media object; refused while a news item uses it. */
export async function deleteMediaObject(id: number): Promise<void> {
  unwrap(await api.main.DELETE('/media_objects/{id}', { params: { path: { id } } }));
}

/** Every image bank list, after a picture is added, changed or deleted. */
export const invalidateImageBanks = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: pictureKeys.listImageBanks });

/**
 * Saves a picture: uploads nothing itself, so the screen can show the upload's progress and
 * keep an uploaded file when only the second call failed; `save` is the screen's sequence of
 * the calls above. The image bank lists are refreshed after it.
 */
export const useSaveImageBank = <TVariables>(
  save: (variables: TVariables) => Promise<ImageBank>,
  options?: MutationCallbacks<ImageBank, TVariables>,
) =>
  useDomainMutation(
    save,
    async (queryClient, saved) => {
      // A replaced file is a new media object: deleting the picture at once must name it.
      if (saved) replaceInPages(queryClient, pictureKeys.listImageBanks, saved);
      await invalidateImageBanks(queryClient);
    },
    options,
  );

export const useDeleteMediaObject = (options?: MutationCallbacks<void, number>) =>
  useDomainMutation(deleteMediaObject, invalidateImageBanks, options);
