import { eq } from 'drizzle-orm';
import { imageBankJson, type ImageBankRow } from '../communication/shared.js';
import { imageBanks, mediaObjects } from '../db/schema.js';
import type { ResourceSpec } from './types.js';

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
  pagination: { itemsPerPage: 9, maxItemsPerPage: 100, clientDisable: false, disabledCap: 100 },
  scope: () => Promise.resolve(undefined),
  serialize: imageBankJson,
};
