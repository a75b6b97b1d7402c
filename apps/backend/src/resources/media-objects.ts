import { mediaObjectIri } from './iris.js';

/**
 * Media objects as the API shows them, and where their files live. The uploads
 * (`files/uploads.ts`) and the media handlers use these pieces too.
 */

/** Pictures live under DATA_DIR/files/images/; only that folder is served, at /media/. */
export const PICTURES_FOLDER = 'images';
export const MEDIA_ROUTE = '/media';

export const contentUrlOf = (filePath: string) =>
  `${MEDIA_ROUTE}/${filePath.split('/').map(encodeURIComponent).join('/')}`;

export const isPicturePath = (filePath: string) => filePath.startsWith(`${PICTURES_FOLDER}/`);

export const mediaObjectJson = (media: { id: number; filePath: string }) => ({
  '@id': mediaObjectIri(media.id),
  '@type': 'MediaObject',
  id: media.id,
  contentUrl: contentUrlOf(media.filePath),
});
