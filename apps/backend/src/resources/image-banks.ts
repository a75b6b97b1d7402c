import { eq } from 'drizzle-orm';
import { imageBanks, mediaObjects } from '../db/schema.js';
import { messages } from '../http/messages.js';
import { idOfReference, imageBankIri } from './iris.js';
import { isPicturePath, mediaObjectJson } from './media-objects.js';
import type { ResourceSpec, WritableField } from './types.js';
import { paged } from './pagination.js';

export interface ImageBankRow {
  id: number;
  title: string;
  createdAt: Date;
  mediaId: number;
  filePath: string;
}

export const imageBankJson = (image: ImageBankRow) => ({
  '@id': imageBankIri(image.id),
  '@type': 'ImageBank',
  id: image.id,
  title: image.title,
  mediaObject: mediaObjectJson({ id: image.mediaId, filePath: image.filePath }),
  createdAt: image.createdAt.toISOString(),
});

const fields = {
  id: imageBanks.id,
  title: imageBanks.title,
  createdAt: imageBanks.createdAt,
  mediaId: mediaObjects.id,
  filePath: mediaObjects.filePath,
};

/** `GET /image_banks`: the pictures library and the news image picker, 9 per page, newest first. */
export const imageBanksResource: ResourceSpec<typeof fields, ImageBankRow> = {
  path: '/image_banks',
  type: 'ImageBank',
  table: imageBanks,
  id: imageBanks.id,
  fields,
  joins: {
    mediaObject: (q) => q.innerJoin(mediaObjects, eq(mediaObjects.id, imageBanks.mediaObjectId)),
  },
  filters: [{ kind: 'partial', param: 'title', expr: imageBanks.title }],
  orders: { createdAt: imageBanks.createdAt, title: imageBanks.title },
  defaultOrder: [['createdAt', 'desc']],
  pagination: paged(9),
  scope: () => Promise.resolve(undefined),
  serialize: imageBankJson,
  writable: {
    title: {
      column: imageBanks.title,
      nullable: false,
      parse: (value) =>
        typeof value === 'string' && value.trim() !== ''
          ? { value: value.trim() }
          : { violation: messages.required },
    },
    mediaObject: pictureReference(),
  },
};

/** `mediaObject`: an IRI or id of a picture of the image bank (a file under images/). */
function pictureReference(): WritableField {
  return {
    column: imageBanks.mediaObjectId,
    nullable: false,
    parse: async (value, { db }) => {
      if (value === '') return { violation: messages.required };
      const id = idOfReference(value, '/media_objects');
      const [media] =
        id === null ? [] : await db.select().from(mediaObjects).where(eq(mediaObjects.id, id));
      return media && isPicturePath(media.filePath) && media.folderId === null
        ? { value: media.id }
        : { violation: messages.unknownFile };
    },
  };
}
