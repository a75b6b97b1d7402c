import { api } from '@portal/api/client';
import { unwrap } from '@portal/api/hydra';
import type { components } from '@portal/api/main';
import { listImageBanksInfiniteQuery } from '@portal/api/queries';
import { IMAGE_BANK_PAGE_SIZE } from './image-bank';
import { progressFetch } from './progress-fetch';

export type MediaObject = components['schemas']['MediaObject'];
export type ImageBank = components['schemas']['ImageBank'];

/** Every image bank list (library and pickers), to refresh after a change. */
export const imageBankKeys = { all: ['listImageBanks'] as const };

/** `GET /image_banks` 9 at a time, newest first, filtered by title. */
export const imageBankPagesQuery = (title: string) =>
  listImageBanksInfiniteQuery({
    itemsPerPage: IMAGE_BANK_PAGE_SIZE,
    'order[createdAt]': 'desc',
    ...(title ? { title } : {}),
  });

/** `POST /media_objects` (multipart `file`), reporting the upload's progress (0 to 1). */
export async function uploadMediaObject(
  file: File,
  onProgress: (ratio: number) => void = () => {},
): Promise<MediaObject> {
  const body = new FormData();
  body.append('file', file);
  return unwrap(
    await api.main.POST('/media_objects', {
      // openapi-fetch sends FormData as is (the browser sets the multipart boundary).
      body: body as unknown as { file: string },
      fetch: progressFetch(onProgress),
    }),
  );
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
