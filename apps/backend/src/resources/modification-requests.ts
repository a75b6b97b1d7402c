import { and, eq, inArray, sql } from 'drizzle-orm';
import { accessOf } from '../access/principal-access.js';
import {
  documentModificationRequests as requests,
  folders,
  mediaObjects,
  users,
  type LibraryType,
  type ModificationRequestStatus,
} from '../db/schema.js';
import { viewableLibraries } from '../library/access.js';
import type { RequestContext, WritableResourceSpec } from './types.js';
import { withJsonLdIdentity } from './iris.js';
import { paged } from './pagination.js';

/**
 * Document modification requests (spec part 2 §2, §3, §4): what an agent asks to fix in a
 * library file, handled by staff. Readers see the requests on the files of the libraries they
 * may view; the applicant is shown to staff and to the applicant himself.
 */
const fields = {
  id: requests.id,
  createdAt: requests.createdAt,
  title: requests.title,
  description: requests.description,
  status: requests.status,
  comment: requests.comment,
  mediaId: mediaObjects.id,
  mediaName: mediaObjects.displayName,
  mediaFilePath: mediaObjects.filePath,
  folderId: folders.id,
  folderType: folders.type,
  applicantId: users.id,
  applicantFirstName: users.firstName,
  applicantLastName: users.lastName,
};

export interface ModificationRequestRow {
  id: number;
  createdAt: Date;
  title: string;
  description: string;
  status: ModificationRequestStatus;
  comment: string | null;
  mediaId: number;
  mediaName: string;
  mediaFilePath: string;
  folderId: number;
  folderType: LibraryType;
  applicantId: number | null;
  applicantFirstName: string;
  applicantLastName: string;
}

export const modificationRequestJson = (row: ModificationRequestRow) =>
  withJsonLdIdentity('/document_modification_requests', 'DocumentModificationRequest', row.id, {
    createdAt: row.createdAt.toISOString(),
    title: row.title,
    description: row.description,
    mediaObject: {
      '@id': `/media_objects/${row.mediaId}`,
      id: row.mediaId,
      displayName: row.mediaName,
      filePath: row.mediaFilePath,
      folder: { id: row.folderId, type: row.folderType },
    },
    status: row.status,
    comment: row.comment,
    applicant:
      row.applicantId === null
        ? null
        : { id: row.applicantId, fullName: `${row.applicantFirstName} ${row.applicantLastName}` },
  });

/**
 * Requests on the files of the libraries the caller may view. An agent's `applicant.id` names
 * only himself ('Mes demandes'): naming another agent finds nothing, so the applicants hidden
 * from him cannot be probed.
 */
async function inViewableLibraries({ db, principal, query }: RequestContext) {
  const types = await viewableLibraries(db, principal);
  if (types.length === 0) return sql`false`;
  const applicant = query['applicant.id'];
  if (
    applicant !== undefined &&
    Number(applicant) !== principal.user.id &&
    (await accessOf(db, principal)).isAgent
  )
    return sql`false`;
  return inArray(
    requests.mediaObjectId,
    db
      .select({ id: mediaObjects.id })
      .from(mediaObjects)
      .innerJoin(folders, eq(folders.id, mediaObjects.folderId))
      .where(inArray(folders.type, types)),
  );
}

/**
 * Requests the caller may change (`PATCH`, `modification_requests_edit`): staff those they read,
 * an agent (should a profile of agents be given the component) his own only, never another
 * agent's he can read.
 */
async function writableRequests(context: RequestContext) {
  const readable = await inViewableLibraries(context);
  const { isAgent } = await accessOf(context.db, context.principal);
  return isAgent ? and(readable, eq(requests.applicantId, context.principal.user.id)) : readable;
}

export const modificationRequestsResource: WritableResourceSpec<
  typeof fields,
  ModificationRequestRow
> = {
  path: '/document_modification_requests',
  type: 'DocumentModificationRequest',
  table: requests,
  id: requests.id,
  fields,
  joins: {
    media: (q) => q.innerJoin(mediaObjects, eq(mediaObjects.id, requests.mediaObjectId)),
    folder: (q) => q.innerJoin(folders, eq(folders.id, mediaObjects.folderId)),
    applicant: (q) => q.innerJoin(users, eq(users.id, requests.applicantId)),
  },
  filters: [
    { kind: 'exact', param: 'applicant.id', expr: requests.applicantId, valueType: 'integer' },
    { kind: 'exact', param: 'mediaObject.id', expr: requests.mediaObjectId, valueType: 'integer' },
    {
      kind: 'partial',
      param: 'mediaObject.displayName',
      expr: mediaObjects.displayName,
      joins: ['media'],
    },
    { kind: 'date', param: 'createdAt', expr: requests.createdAt },
    { kind: 'exact', param: 'status', expr: requests.status },
  ],
  orders: { createdAt: requests.createdAt },
  defaultOrder: [['createdAt', 'desc']],
  pagination: paged(10),
  scope: inViewableLibraries,
  writeScope: writableRequests,
  // An agent sees who asked only on his own requests.
  expand: async (rows, { db, principal }) =>
    (await accessOf(db, principal)).isAgent
      ? rows.map((row) =>
          row.applicantId === principal.user.id ? row : { ...row, applicantId: null },
        )
      : rows,
  serialize: modificationRequestJson,
};
