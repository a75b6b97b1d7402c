import { and, eq, inArray, sql } from 'drizzle-orm';
import { userIri } from '../access/iri.js';
import { folders, mediaObjectLists, mediaObjects, users } from '../db/schema.js';
import { listedLibraries } from '../library/access.js';
import { applyFilters } from './filters.js';
import { folderIri } from './folders.js';
import { mediaObjectIri } from './iris.js';
import type { DateFilter, RequestContext, ResourceSpec } from './types.js';

const fields = {
  id: mediaObjectLists.id,
  readByUser: mediaObjectLists.readByUser,
  mediaId: mediaObjects.id,
  displayName: mediaObjects.displayName,
  createdAt: mediaObjects.createdAt,
  folderId: folders.id,
  type: folders.type,
  userId: users.id,
  email: users.email,
};

export type MediaObjectListRow = {
  [K in keyof typeof fields]: (typeof fields)[K]['_']['data'];
};

const createdFilter: DateFilter = {
  kind: 'date',
  param: 'mediaObject.createdAt',
  expr: mediaObjects.createdAt,
  joins: ['mediaObject'],
};

/** The libraries of the request (`mediaObject.folder.type[]`, or every one the caller views). */
const librariesOf = ({ db, principal, query }: RequestContext) =>
  listedLibraries(db, principal, [query['mediaObject.folder.type[]'] ?? []].flat());

/**
 * The spec's read states (`GET /media_object_lists`, `GET /media_object_lists/{id}`): the
 * caller's own only, of the files of the libraries he views, newest file first, whole. Another
 * user's e-mail finds nothing: a read state is never shown to anyone else.
 */
export const mediaObjectListsResource: ResourceSpec<typeof fields, MediaObjectListRow> = {
  path: '/media_object_lists',
  type: 'MediaObjectList',
  table: mediaObjectLists,
  id: mediaObjectLists.id,
  fields,
  joins: {
    mediaObject: (q) =>
      q.innerJoin(mediaObjects, eq(mediaObjects.id, mediaObjectLists.mediaObjectId)),
    folder: (q) => q.innerJoin(folders, eq(folders.id, mediaObjects.folderId)),
    user: (q) => q.innerJoin(users, eq(users.id, mediaObjectLists.userId)),
  },
  filters: [
    createdFilter,
    {
      kind: 'custom',
      param: 'readByUser',
      apply: (value) => eq(mediaObjectLists.readByUser, value === true),
    },
    {
      kind: 'custom',
      param: 'user.email',
      joins: ['user'],
      apply: (value) =>
        typeof value === 'string' ? sql`lower(${users.email}) = lower(${value})` : undefined,
    },
  ],
  orders: { createdAt: { expr: mediaObjects.createdAt, joins: ['mediaObject'] } },
  defaultOrder: [['createdAt', 'desc']],
  pagination: 'none',
  async scope(context) {
    const types = await librariesOf(context);
    return and(
      eq(mediaObjectLists.userId, context.principal.user.id),
      types.length > 0 ? inArray(folders.type, types) : sql`false`,
    );
  },
  /** An entry for each file the caller has never opened (of the dates asked), to `PATCH`. */
  async beforeList(context) {
    const types = await librariesOf(context);
    if (types.length === 0) return;
    const { conditions } = await applyFilters([createdFilter], context);
    await context.db
      .execute(sql`insert into ${mediaObjectLists} (media_object_id, user_id, read_by_user)
      select ${mediaObjects.id}, ${context.principal.user.id}, false from ${mediaObjects}
      join ${folders} on ${folders.id} = ${mediaObjects.folderId}
      where ${and(inArray(folders.type, types), ...conditions)}
      on conflict (user_id, media_object_id) do nothing`);
  },
  serialize: (row) => ({
    '@id': `/media_object_lists/${row.id}`,
    '@type': 'MediaObjectList',
    id: row.id,
    readByUser: row.readByUser,
    mediaObject: {
      '@id': mediaObjectIri(row.mediaId),
      id: row.mediaId,
      displayName: row.displayName,
      createdAt: new Date(row.createdAt).toISOString(),
      folder: { '@id': folderIri(row.folderId), id: row.folderId, type: row.type },
    },
    user: { '@id': userIri(row.userId), email: row.email },
  }),
};
