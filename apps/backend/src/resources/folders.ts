import { eq, sql } from 'drizzle-orm';
import { userIri } from '../access/iri.js';
import { folders } from '../db/schema.js';
import { libraryTypeOf, requireLibrary } from '../library/access.js';
import { mediaObjectIri } from './iris.js';
import type { ResourceSpec } from './types.js';

export const folderIri = (id: number) => `/folders/${id}`;

/** The folder's columns and the ids of its children and files (by name, then newest). */
const fields = {
  id: folders.id,
  name: folders.name,
  type: folders.type,
  personId: folders.personId,
  parentFolderId: folders.parentFolderId,
  createdAt: folders.createdAt,
  // Qualified by hand: drizzle writes a lone `"id"` in a one-table select, which the
  // subquery would read as its own table's.
  childrenIds: sql<number[] | null>`(select array_agg(c.id order by c.name, c.id) from folders c
    where c.parent_folder_id = "folders"."id")`,
  mediaIds: sql<number[] | null>`(select array_agg(m.id order by m.created_at desc, m.id desc)
    from media_objects m where m.folder_id = "folders"."id")`,
};

export type FolderRow = typeof folders.$inferSelect & {
  childrenIds: number[] | null;
  mediaIds: number[] | null;
};

/**
 * `GET /folders?type=`: one library's folders, whole, by name; `GET /folders/{id}` as a member of
 * the list, with the list's rule (its library's page, a 403). Relations as IRIs (spec §3:
 * person, parentFolder, childrenFolders, mediaObjects).
 */
export const foldersResource: ResourceSpec<typeof fields, FolderRow> = {
  path: '/folders',
  type: 'Folder',
  table: folders,
  id: folders.id,
  fields,
  joins: {},
  filters: [],
  orders: { name: folders.name },
  defaultOrder: [['name', 'asc']],
  pagination: 'none',
  async scope({ db, principal, query }) {
    const type = libraryTypeOf(query.type);
    await requireLibrary(db, principal, type, 'view');
    return eq(folders.type, type);
  },
  collectionId: ({ query }) => `/folders?type=${String(query.type)}`,
  itemCheck: async (row, { db, principal }) => requireLibrary(db, principal, row.type, 'view'),
  serialize: (row) => ({
    '@id': folderIri(row.id),
    '@type': 'Folder',
    id: row.id,
    name: row.name,
    type: row.type,
    person: row.personId === null ? null : userIri(row.personId),
    parentFolder: row.parentFolderId === null ? null : folderIri(row.parentFolderId),
    childrenFolders: (row.childrenIds ?? []).map(folderIri),
    mediaObjects: (row.mediaIds ?? []).map(mediaObjectIri),
    createdAt: new Date(row.createdAt).toISOString(),
  }),
};
