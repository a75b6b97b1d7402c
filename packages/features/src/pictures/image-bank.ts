import { createMediaObjectUpload } from '@portal/api/generated/uploads';
import { listImageBanksInfiniteQuery } from '@portal/api/pictures';
import type { ImageGridItem } from '@portal/ui/image-grid';
import { mediaUrl } from '../common';

/** Spec §9: image grids load 9 at a time, 3 per row. */
export const IMAGE_BANK_PAGE_SIZE = 9;
/** Formats the backend accepts (checked there by content); the picker's `accept`. */
export const IMAGE_ACCEPT = createMediaObjectUpload.accept.file;
/** Largest picture the backend takes by default; checked here first to spare the upload. */
export const IMAGE_MAX_SIZE = createMediaObjectUpload.maxBytes;

/** One image bank entry as the pages use it (spec §3: id, title, mediaObject.contentUrl). */
/** `GET /image_banks` 9 at a time, newest first, filtered by title. */
export const imageBankPagesQuery = (title: string) =>
  listImageBanksInfiniteQuery({
    itemsPerPage: IMAGE_BANK_PAGE_SIZE,
    'order[createdAt]': 'desc',
    ...(title ? { title } : {}),
  });

export type ImageBankItem = {
  id: number;
  '@id'?: string;
  title: string;
  mediaObject?: { id?: number; '@id'?: string; contentUrl?: string | null } | null;
};

export { mediaUrl };

export type ImageBankGridItem = ImageGridItem & { id: number; source: ImageBankItem };

export function toGridItem(item: ImageBankItem): ImageBankGridItem {
  return {
    id: item.id,
    title: item.title,
    imageUrl: mediaUrl(item.mediaObject?.contentUrl),
    source: item,
  };
}

/** The id of the media object behind an image bank entry (from `id` or its IRI). */
export function mediaObjectId(item: ImageBankItem): number | null {
  const media = item.mediaObject;
  if (!media) return null;
  if (typeof media.id === 'number') return media.id;
  const fromIri = media['@id']?.match(/\/(\d+)$/)?.[1];
  return fromIri ? Number(fromIri) : null;
}

export type SniffedImage = 'png' | 'jpeg' | 'gif' | 'webp';

/**
 * The image format given by a file's first bytes (magic numbers), or null: a renamed
 * executable has the right name and MIME type but not the right content.
 */
export function sniffImageType(bytes: Uint8Array): SniffedImage | null {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** Reads the first bytes of a file and tells whether they are those of an accepted image. */
export async function isRealImage(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return sniffImageType(head) !== null;
}
