import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { userIri } from '../access/iri.js';
import { principalOf, type Principal } from '../auth/principal.js';
import {
  pathsInUse,
  uploadedFile,
  uploadedFiles,
  type UploadedFile,
  type UploadDeclarations,
  type UploadField,
} from '../files/uploads.js';
import type { Handler, HandlerContext } from '../contract.js';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { folders, mediaObjectLists, mediaObjects, users, type LibraryType } from '../db/schema.js';
import { attachmentDisposition } from '../exports/xlsx.js';
import { commitWithRow } from '../files/staging.js';
import { storedZipAttachment } from '../exports/responses.js';
import { assertNoViolations, notFound, unprocessable, type Violation } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { idOfReference } from '../resources/iris.js';
import { itemHandler, listHandler } from '../resources/handlers.js';
import { item, requireWritable } from '../resources/item.js';
import { modificationRequestsResource } from '../resources/modification-requests.js';
import { newsContentOnSave } from '../communication/content.js';
import {
  documentModificationRequests,
  MODIFICATION_REQUEST_STATUSES,
  type ModificationRequestStatus,
} from '../db/schema.js';
import { isLibraryType, requireLibrary, viewableLibraries } from '../library/access.js';
import { applyFilters } from '../resources/filters.js';
import { folded } from '../library/fold.js';
import { EXTRACT_TEXT_JOB } from '../library/text.js';
import type { Deps, HandlerMap } from '../deps.js';

/** Where uploaded library files are staged and kept in the file storage. */
export const LIBRARY_UPLOADS_FOLDER = 'library/uploads';
/** Largest library file (regulation texts and slide decks are larger than pictures). */
export const LIBRARY_MAX_BYTES = 20 * 1024 * 1024;
/** The types a library takes, as file-type reads them from the content. */
export const LIBRARY_MIME_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  // .doc, .xls and .ppt (OLE2 compound files)
  'application/x-cfb',
  'image/png',
  'image/jpeg',
] as const;
/** A file is 'recent' this long after its creation, until the user opens it (spec §9). */
const RECENT_DAYS = 7;
const SEARCH_LIMIT = 50;

const folderIri = (id: number) => `/folders/${id}`;

type FolderRow = typeof folders.$inferSelect;

/** A folder with its relations as IRIs (spec §3: person, parentFolder, childrenFolders, mediaObjects). */
interface FolderJsonRow extends FolderRow {
  childrenIds: number[] | null;
  mediaIds: number[] | null;
}

const folderJson = (row: FolderJsonRow) => ({
  '@id': folderIri(row.id),
  '@type': 'Folder',
  id: row.id,
  name: row.name,
  type: row.type,
  person: row.personId === null ? null : userIri(row.personId),
  parentFolder: row.parentFolderId === null ? null : folderIri(row.parentFolderId),
  childrenFolders: (row.childrenIds ?? []).map(folderIri),
  mediaObjects: (row.mediaIds ?? []).map((id) => `/media_objects/${id}`),
  createdAt: new Date(row.createdAt).toISOString(),
});

/** The folder's columns and the ids of its children and files (by name, then newest). */
const folderColumns = {
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

interface FileRow {
  id: number;
  displayName: string;
  folderId: number;
  mimeType: string;
  size: number;
  filePath: string;
  personId: number | null;
  createdAt: Date;
  isRecent: boolean;
  headline?: string | null;
}

const fileJson = (row: FileRow) => ({
  '@id': `/media_objects/${row.id}`,
  '@type': 'LibraryFile',
  id: row.id,
  displayName: row.displayName,
  folder: row.folderId,
  mimeType: row.mimeType,
  size: row.size,
  filePath: row.filePath,
  // Library files are read with the bearer token (never from the public /media/ route).
  contentUrl: `/media_object/${row.id}/file`,
  person: row.personId === null ? null : userIri(row.personId),
  createdAt: new Date(row.createdAt).toISOString(),
  isRecent: Boolean(row.isRecent),
  ...(row.headline ? { headline: row.headline } : {}),
});

/** A collection answered whole; `type` names its members' class (its `/contexts/{type}`). */
const collection = (
  id: string,
  type: 'Folder' | 'LibraryFile' | 'MediaObjectList',
  members: unknown[],
) => ({
  '@context': `/contexts/${type}`,
  '@id': id,
  '@type': 'hydra:Collection',
  'hydra:member': members,
  'hydra:totalItems': members.length,
});

/** Recent for `userId`: created less than 7 days ago and never opened by him. */
const isRecentSql = (
  userId: number,
) => sql<boolean>`(${mediaObjects.createdAt} > now() - make_interval(days => ${RECENT_DAYS})
  and not exists (select 1 from ${mediaObjectLists} l where l.media_object_id = ${mediaObjects.id}
    and l.user_id = ${userId} and l.read_by_user))`;

const fileColumns = (userId: number) => ({
  id: mediaObjects.id,
  displayName: mediaObjects.displayName,
  folderId: sql<number>`${mediaObjects.folderId}`,
  mimeType: mediaObjects.mimeType,
  size: mediaObjects.size,
  filePath: mediaObjects.filePath,
  personId: mediaObjects.personId,
  createdAt: mediaObjects.createdAt,
  isRecent: isRecentSql(userId),
});

/** A readable, harmless name: letters, digits, spaces and a few signs, at most 255. */
export function cleanName(value: string): string {
  return value
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._'’()&,+-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 255);
}

const bodyOf = (context: HandlerContext<Principal>) =>
  (context.body ?? {}) as Record<string, unknown>;

function typeOfQuery(value: unknown): LibraryType {
  // The contract's enum has validated it; this narrows the type.
  if (!isLibraryType(value)) throw notFound();
  return value;
}

async function folderById(db: Database, id: number) {
  const [row] = await db.select().from(folders).where(eq(folders.id, id));
  return row ?? null;
}

async function folderAnswer(db: Database, id: number) {
  const [row] = await db.select(folderColumns).from(folders).where(eq(folders.id, id));
  return folderJson(row!);
}

/**
 * `person` as the spec sends it (the caller's IRI or id): the server records the caller, and
 * refuses to record anyone else.
 */
function checkPerson(value: unknown, principal: Principal, violations: Violation[]): void {
  if (value === undefined || value === null || value === '') return;
  if (idOfReference(value, '/users') !== principal.user.id)
    violations.push({ propertyPath: 'person', message: messages.notYourself });
}

/**
 * The spec's rename and move send `name` and `path` in the query (empty body); the project's
 * JSON body is still read. The query wins.
 */
function editValues(
  context: HandlerContext<Principal>,
  nameKey: string,
  placeKey: string,
): Record<string, unknown> {
  const values: Record<string, unknown> = { ...bodyOf(context) };
  if (context.query.name !== undefined) values[nameKey] = context.query.name;
  if (context.query.path !== undefined) values[placeKey] = context.query.path;
  return values;
}

/** A library file with its folder's type; null for any other media object. */
async function libraryFile(db: Database, id: number) {
  const [row] = await db
    .select({ media: mediaObjects, type: folders.type })
    .from(mediaObjects)
    .innerJoin(folders, eq(folders.id, mediaObjects.folderId))
    .where(eq(mediaObjects.id, id));
  return row ?? null;
}

/** The ids of `folderId` and every folder below it. */
const SUBTREE = (folderId: number) => sql`with recursive subtree(id) as (
    select id from folders where id = ${folderId}
    union all
    select f.id from folders f join subtree s on f.parent_folder_id = s.id)`;

/**
 * The parent a write names (`parentFolder` or `folder`): null for the root when allowed, a
 * folder of the same library, or a 422.
 */
async function parentOf(
  db: Database,
  reference: unknown,
  type: LibraryType,
  propertyPath: string,
  violations: Violation[],
): Promise<FolderRow | null | undefined> {
  if (reference === null || reference === undefined || reference === '') return null;
  const id = idOfReference(reference, '/folders');
  const parent = id === null ? null : await folderById(db, id);
  if (!parent || parent.type !== type) {
    violations.push({ propertyPath, message: messages.unknownFolder });
    return undefined;
  }
  return parent;
}

function nameOf(value: unknown, propertyPath: string, violations: Violation[]): string | null {
  const name = typeof value === 'string' ? cleanName(value) : '';
  if (name === '') {
    violations.push({ propertyPath, message: messages.required });
    return null;
  }
  return name;
}

export const libraryHandlers = (deps: Deps): HandlerMap => buildLibrary(deps).handlers;

/**
 * The library's part of the spec's `POST /media_objects` (files `file[i]` into `folderId`),
 * `DELETE /media_objects/{id}` (a library file; false for any other media object) and
 * `GET /media_objects/{id}` (null for any other), which the media module hands over to.
 */
export function libraryMediaObjects(deps: Deps) {
  const { upload, remove, read } = buildLibrary(deps);
  return { upload, remove, read };
}

function buildLibrary(deps: Deps) {
  const { db, storage } = deps;

  const listFolders: Handler<Principal> = async (context) => {
    const type = typeOfQuery(context.query.type);
    await requireLibrary(db, principalOf(context), type, 'view');
    const rows = await db
      .select(folderColumns)
      .from(folders)
      .where(eq(folders.type, type))
      .orderBy(asc(folders.name), asc(folders.id));
    return {
      status: 200,
      body: collection(`/folders?type=${type}`, 'Folder', rows.map(folderJson)),
    };
  };

  /** `GET /folders/{id}`: as a member of the list, with the list's rule (its library's page). */
  const getFolder: Handler<Principal> = async (context) => {
    const id = Number(context.params.id);
    const folder = await folderById(db, id);
    if (!folder) throw notFound();
    await requireLibrary(db, principalOf(context), folder.type, 'view');
    return { status: 200, body: await folderAnswer(db, id) };
  };

  const createFolder: Handler<Principal> = async (context) => {
    const body = bodyOf(context);
    const type = typeOfQuery(body.type);
    const principal = principalOf(context);
    await requireLibrary(db, principal, type, 'edit');
    const violations: Violation[] = [];
    const name = nameOf(body.name, 'name', violations);
    const parent = await parentOf(db, body.parentFolder, type, 'parentFolder', violations);
    checkPerson(body.person, principal, violations);
    assertNoViolations(violations);
    const [row] = await db
      .insert(folders)
      .values({
        name: name!,
        type,
        parentFolderId: parent?.id ?? null,
        personId: principal.user.id,
      })
      .returning({ id: folders.id });
    return { status: 201, body: await folderAnswer(db, row!.id) };
  };

  const editFolder: Handler<Principal> = async (context) => {
    const id = Number(context.params.id);
    const folder = await folderById(db, id);
    if (!folder) throw notFound();
    await requireLibrary(db, principalOf(context), folder.type, 'edit');
    const body = editValues(context, 'name', 'parentFolder');
    const violations: Violation[] = [];
    const values: Partial<FolderRow> = {};
    if ('name' in body) {
      const name = nameOf(body.name, 'name', violations);
      if (name) values.name = name;
    }
    let parent: FolderRow | null | undefined;
    if ('parentFolder' in body) {
      parent = await parentOf(db, body.parentFolder, folder.type, 'parentFolder', violations);
    }
    assertNoViolations(violations);
    const moved = await db.transaction(async (tx) => {
      if (parent !== undefined) {
        // One move of a library at a time: two crossed moves (A under B, B under A) would each
        // pass the check alone and make a cycle together.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`folders:${folder.type}`}))`);
        if (parent !== null) {
          const [inside] = rowsOf<{ inside: boolean }>(
            await tx.execute(
              sql`${SUBTREE(id)} select exists (select 1 from subtree where id = ${parent.id}) as inside`,
            ),
          );
          if (inside?.inside) return 'cycle' as const;
        }
        values.parentFolderId = parent?.id ?? null;
      }
      if (Object.keys(values).length > 0)
        await tx.update(folders).set(values).where(eq(folders.id, id));
      return 'done' as const;
    });
    if (moved === 'cycle')
      throw unprocessable([{ propertyPath: 'parentFolder', message: messages.folderOwnParent }]);
    return { status: 200, body: await folderAnswer(db, id) };
  };

  const deleteFolder: Handler<Principal> = async (context) => {
    const id = Number(context.params.id);
    const folder = await folderById(db, id);
    if (!folder) throw notFound();
    await requireLibrary(db, principalOf(context), folder.type, 'edit');
    const paths = await db.transaction(async (tx) => {
      const files = rowsOf<{ file_path: string }>(
        await tx.execute(
          sql`${SUBTREE(id)} select file_path from media_objects where folder_id in (select id from subtree)`,
        ),
      );
      // The folders below and their files go with it (foreign keys on delete cascade).
      await tx.delete(folders).where(eq(folders.id, id));
      return files.map((file) => file.file_path);
    });
    for (const path of paths) await storage.delete(path).catch(() => undefined);
    return { status: 204 };
  };

  const downloadFolder: Handler<Principal> = async (context) => {
    const id = Number(context.params.id);
    const folder = await folderById(db, id);
    if (!folder) throw notFound();
    await requireLibrary(db, principalOf(context), folder.type, 'view');
    // Names only: the bytes are read one file at a time while the zip streams.
    const rows = rowsOf<{ path: string; display_name: string; file_path: string }>(
      await db.execute(sql`with recursive tree(id, path) as (
          select id, name::text from folders where id = ${id}
          union all
          select f.id, tree.path || '/' || f.name from folders f join tree on f.parent_folder_id = tree.id)
        select tree.path, m.display_name, m.file_path from tree
        join media_objects m on m.folder_id = tree.id
        order by tree.path, m.display_name, m.id`),
    );
    // As an invoices period without invoices: no empty archive.
    if (rows.length === 0) throw notFound(messages.emptyFolder);
    return storedZipAttachment(
      context,
      storage,
      `${folder.name}.zip`,
      rows.map((row) => ({ key: row.file_path, name: `${row.path}/${row.display_name}` })),
    );
  };

  const searchLibraryFiles: Handler<Principal> = async (context) => {
    const type = typeOfQuery(context.query['folder.type']);
    const principal = principalOf(context);
    await requireLibrary(db, principal, type, 'view');
    const words = String(context.query.q ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    if (words === '')
      return { status: 200, body: collection('/media_objects/search', 'LibraryFile', []) };
    const tsQuery = sql`plainto_tsquery('french', ${folded(sql`${words}`)})`;
    const pattern = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const nameMatch = sql`lower(${folded(sql`${mediaObjects.displayName}`)}) like lower(${folded(sql`${pattern}`)})`;
    const textMatch = sql`${mediaObjects.searchVector} @@ ${tsQuery}`;
    const rows = await db
      .select({
        ...fileColumns(principal.user.id),
        headline: sql<string | null>`case when ${textMatch} then ts_headline('french',
          ${folded(sql`${mediaObjects.contentText}`)}, ${tsQuery},
          'StartSel=[[, StopSel=]], MaxWords=18, MinWords=6, MaxFragments=1') end`,
      })
      .from(mediaObjects)
      .innerJoin(folders, eq(folders.id, mediaObjects.folderId))
      .where(and(eq(folders.type, type), sql`(${textMatch} or ${nameMatch})`))
      .orderBy(
        sql`(case when ${nameMatch} then 1 else 0 end) + ts_rank(${mediaObjects.searchVector}, ${tsQuery}) desc`,
        desc(mediaObjects.createdAt),
        desc(mediaObjects.id),
      )
      .limit(SEARCH_LIMIT);
    return {
      status: 200,
      body: collection('/media_objects/search', 'LibraryFile', rows.map(fileJson)),
    };
  };

  /**
   * Stores checked library files in `folder`, each once its row has committed (crash-safe), and
   * queues the text extraction of the PDFs. Answers the files as the caller sees them.
   */
  const storeLibraryFiles = async (
    folder: FolderRow,
    principal: Principal,
    files: (UploadedFile & { staged: NonNullable<UploadedFile['staged']> })[],
  ) => {
    const ids: number[] = [];
    for (const file of files) {
      const type = file.type!;
      const name = cleanName(file.filename) || `document.${type.ext}`;
      const row = await commitWithRow(file.staged, type.ext, async (filePath) => {
        const [inserted] = await db
          .insert(mediaObjects)
          .values({
            displayName: name,
            filePath,
            mimeType: type.mime,
            size: file.staged.size,
            folderId: folder.id,
            personId: principal.user.id,
          })
          .returning({ id: mediaObjects.id });
        return inserted!;
      });
      if (type.mime === 'application/pdf')
        await deps.jobs.send(EXTRACT_TEXT_JOB, { mediaObjectId: row.id }, { key: String(row.id) });
      ids.push(row.id);
    }
    const rows = await db
      .select(fileColumns(principal.user.id))
      .from(mediaObjects)
      .where(inArray(mediaObjects.id, ids));
    return ids.map((id) => fileJson(rows.find((row) => row.id === id)!));
  };

  /** A received file's problem as a violation at `field`, or the file ready to store. */
  const checkedFile = (file: UploadedFile | undefined, field: string, violations: Violation[]) => {
    if (file?.tooLarge) violations.push({ propertyPath: field, message: messages.fileTooLarge });
    else if (!file || !file.staged || file.staged.size === 0)
      violations.push({ propertyPath: field, message: messages.fileRequired });
    else if (!file.type)
      violations.push({ propertyPath: field, message: messages.fileTypeRefused });
    else return file as UploadedFile & { staged: NonNullable<UploadedFile['staged']> };
    return null;
  };

  /** The folder a write names (IRI or id), after the caller's edit right on its library. */
  const writableFolder = async (reference: unknown, principal: Principal) => {
    const folderId = idOfReference(reference, '/folders');
    const folder = folderId === null ? null : await folderById(db, folderId);
    if (!folder) throw notFound(messages.unknownFolder);
    await requireLibrary(db, principal, folder.type, 'edit');
    return folder;
  };

  const uploadLibraryFile: Handler<Principal> = async (context) => {
    const principal = principalOf(context);
    const folder = await writableFolder(bodyOf(context).folder, principal);
    const violations: Violation[] = [];
    const file = checkedFile(uploadedFile(context.request, 'file'), 'file', violations);
    assertNoViolations(violations);
    const [created] = await storeLibraryFiles(folder, principal, [file!]);
    return { status: 201, body: created };
  };

  /**
   * The spec's upload (`POST /media_objects`, multipart `file[0]`, `file[1]`…, `folderId`,
   * `person`): every file is checked before any is kept, so that the answer is all or none.
   */
  const uploadSpecLibraryFiles: Handler<Principal> = async (context) => {
    const principal = principalOf(context);
    const body = bodyOf(context);
    const violations: Violation[] = [];
    if (body.folderId === undefined || body.folderId === '')
      throw unprocessable([{ propertyPath: 'folderId', message: messages.required }]);
    const folder = await writableFolder(body.folderId, principal);
    checkPerson(body.person, principal, violations);
    const sent = [...uploadedFiles(context.request).entries()]
      .map(([field, file]) => ({ field, file, index: SPEC_FILE_FIELD.exec(field)?.[1] }))
      .filter((entry) => entry.index !== undefined)
      .sort((a, b) => Number(a.index) - Number(b.index));
    if (sent.length === 0)
      violations.push({ propertyPath: 'file', message: messages.fileRequired });
    const files = sent.map(({ field, file }) => checkedFile(file, field, violations));
    assertNoViolations(violations);
    const created = await storeLibraryFiles(
      folder,
      principal,
      files.map((file) => file!),
    );
    return {
      status: 201,
      body: collection(`/media_objects?folderId=${folder.id}`, 'LibraryFile', created),
    };
  };

  /** The spec's delete of a library file (`DELETE /media_objects/{id}`); false for no such file. */
  const deleteLibraryFileOf = async (context: HandlerContext<Principal>): Promise<boolean> => {
    const id = Number(context.params.id);
    const found = await libraryFile(db, id);
    if (!found) return false;
    await requireLibrary(db, principalOf(context), found.type, 'edit');
    await db.delete(mediaObjects).where(eq(mediaObjects.id, id));
    await storage.delete(found.media.filePath).catch(() => undefined);
    return true;
  };

  /**
   * The library's part of `GET /media_objects/{id}`: a library file as `GET /media_objects`
   * lists it, with its library's page component (403); null for any other media object.
   */
  const readLibraryFile = async (context: HandlerContext<Principal>) => {
    const id = Number(context.params.id);
    const found = await libraryFile(db, id);
    if (!found) return null;
    const principal = principalOf(context);
    await requireLibrary(db, principal, found.type, 'view');
    const [row] = await db
      .select(fileColumns(principal.user.id))
      .from(mediaObjects)
      .where(eq(mediaObjects.id, id));
    return row ? fileJson(row) : null;
  };

  /** The spec's list of library files: `folder.type[]` (or none: every library viewable). */
  const listMediaObjects: Handler<Principal> = async (context) => {
    const principal = principalOf(context);
    const named = [context.query['folder.type'], context.query['folder.type[]']]
      .flat()
      .filter((value) => value !== undefined && value !== '')
      .map(typeOfQuery);
    for (const type of named) await requireLibrary(db, principal, type, 'view');
    const types = named.length > 0 ? [...new Set(named)] : await viewableLibraries(db, principal);
    const rows =
      types.length === 0
        ? []
        : await db
            .select(fileColumns(principal.user.id))
            .from(mediaObjects)
            .innerJoin(folders, eq(folders.id, mediaObjects.folderId))
            .where(inArray(folders.type, types))
            .orderBy(desc(mediaObjects.createdAt), desc(mediaObjects.id));
    return { status: 200, body: collection('/media_objects', 'LibraryFile', rows.map(fileJson)) };
  };

  const mediaObjectListColumns = {
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
  type MediaObjectListRow = {
    [K in keyof typeof mediaObjectListColumns]: (typeof mediaObjectListColumns)[K]['_']['data'];
  };
  const mediaObjectListJson = (row: MediaObjectListRow) => ({
    '@id': `/media_object_lists/${row.id}`,
    '@type': 'MediaObjectList',
    id: row.id,
    readByUser: row.readByUser,
    mediaObject: {
      '@id': `/media_objects/${row.mediaId}`,
      id: row.mediaId,
      displayName: row.displayName,
      createdAt: new Date(row.createdAt).toISOString(),
      folder: { '@id': folderIri(row.folderId), id: row.folderId, type: row.type },
    },
    user: { '@id': userIri(row.userId), email: row.email },
  });
  /** The caller's read states of the files of `types` (one library's list, or all he views). */
  const selectMediaObjectLists = (userId: number, types: LibraryType[], where?: SQL) =>
    db
      .select(mediaObjectListColumns)
      .from(mediaObjectLists)
      .innerJoin(mediaObjects, eq(mediaObjects.id, mediaObjectLists.mediaObjectId))
      .innerJoin(folders, eq(folders.id, mediaObjects.folderId))
      .innerJoin(users, eq(users.id, mediaObjectLists.userId))
      .where(
        and(
          eq(mediaObjectLists.userId, userId),
          types.length > 0 ? inArray(folders.type, types) : sql`false`,
          where,
        ),
      );

  /**
   * The spec's read state (`GET /media_object_lists`): the caller's own only. Entries are made
   * here for the files he has never opened, so that each has an id to `PATCH`.
   */
  const listMediaObjectLists: Handler<Principal> = async (context) => {
    const principal = principalOf(context);
    const requested = [context.query['mediaObject.folder.type[]'] ?? []].flat().map(typeOfQuery);
    for (const type of requested) await requireLibrary(db, principal, type, 'view');
    const types = requested.length > 0 ? requested : await viewableLibraries(db, principal);
    const requestContext = { db, principal, query: context.query };
    const { conditions } = await applyFilters(
      [{ kind: 'date', param: 'mediaObject.createdAt', expr: mediaObjects.createdAt }],
      requestContext,
    );
    const created = conditions.length > 0 ? and(...conditions) : undefined;
    if (types.length > 0)
      await db.execute(sql`insert into ${mediaObjectLists} (media_object_id, user_id, read_by_user)
        select ${mediaObjects.id}, ${principal.user.id}, false from ${mediaObjects}
        join ${folders} on ${folders.id} = ${mediaObjects.folderId}
        where ${inArray(folders.type, types)} ${created ? sql`and ${created}` : sql``}
        on conflict (user_id, media_object_id) do nothing`);
    const filters: SQL[] = created ? [created] : [];
    const read = context.query.readByUser;
    if (read !== undefined) filters.push(eq(mediaObjectLists.readByUser, read === true));
    const email = context.query['user.email'];
    // Another user's e-mail finds nothing: a read state is never shown to anyone else.
    if (typeof email === 'string' && email !== '')
      filters.push(sql`lower(${users.email}) = lower(${email})`);
    const rows = await selectMediaObjectLists(
      principal.user.id,
      types,
      filters.length > 0 ? and(...filters) : undefined,
    ).orderBy(desc(mediaObjects.createdAt), desc(mediaObjectLists.id));
    return {
      status: 200,
      body: collection('/media_object_lists', 'MediaObjectList', rows.map(mediaObjectListJson)),
    };
  };

  /** The caller's own entry `id`, of a file he may view; a 404 for anything else. */
  const ownMediaObjectList = async (context: HandlerContext<Principal>) => {
    const principal = principalOf(context);
    const types = await viewableLibraries(db, principal);
    const [found] = await selectMediaObjectLists(
      principal.user.id,
      types,
      eq(mediaObjectLists.id, Number(context.params.id)),
    );
    if (!found) throw notFound();
    return found;
  };

  const getMediaObjectList: Handler<Principal> = async (context) => ({
    status: 200,
    body: mediaObjectListJson(await ownMediaObjectList(context)),
  });

  /** `PATCH /media_object_lists/{id}` `{readByUser}`: the caller's own entry only (404 else). */
  const updateMediaObjectList: Handler<Principal> = async (context) => {
    const id = Number(context.params.id);
    const found = await ownMediaObjectList(context);
    const readByUser = bodyOf(context).readByUser;
    if (typeof readByUser !== 'boolean')
      throw unprocessable([{ propertyPath: 'readByUser', message: messages.required }]);
    await db.update(mediaObjectLists).set({ readByUser }).where(eq(mediaObjectLists.id, id));
    return { status: 200, body: mediaObjectListJson({ ...found, readByUser }) };
  };

  const editLibraryFile: Handler<Principal> = async (context) => {
    const id = Number(context.params.id);
    const found = await libraryFile(db, id);
    if (!found) throw notFound();
    const principal = principalOf(context);
    await requireLibrary(db, principal, found.type, 'edit');
    const body = editValues(context, 'displayName', 'folder');
    const violations: Violation[] = [];
    const values: Partial<typeof mediaObjects.$inferInsert> = {};
    if ('displayName' in body) {
      const name = nameOf(body.displayName, 'displayName', violations);
      if (name) values.displayName = name;
    }
    if ('folder' in body) {
      const target = await parentOf(db, body.folder, found.type, 'folder', violations);
      if (target === null) violations.push({ propertyPath: 'folder', message: messages.required });
      else if (target) values.folderId = target.id;
    }
    assertNoViolations(violations);
    if (Object.keys(values).length > 0)
      await db.update(mediaObjects).set(values).where(eq(mediaObjects.id, id));
    const [row] = await db
      .select(fileColumns(principal.user.id))
      .from(mediaObjects)
      .where(eq(mediaObjects.id, id));
    return { status: 200, body: fileJson(row!) };
  };

  const downloadLibraryFile: Handler<Principal> = async (context) => {
    const id = Number(context.params.id);
    const found = await libraryFile(db, id);
    if (!found) throw notFound();
    const principal = principalOf(context);
    await requireLibrary(db, principal, found.type, 'view');
    const stored = await storage.read(found.media.filePath);
    if (!stored) throw notFound();
    // Opening a file is reading it: its recent marker goes for this user.
    await db
      .insert(mediaObjectLists)
      .values({ mediaObjectId: id, userId: principal.user.id, readByUser: true })
      .onConflictDoUpdate({
        target: [mediaObjectLists.userId, mediaObjectLists.mediaObjectId],
        set: { readByUser: true },
      });
    const disposition = attachmentDisposition(found.media.displayName);
    context.reply
      .header('Content-Type', found.media.mimeType)
      .header('Content-Length', stored.size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header(
        'Content-Disposition',
        context.query.action === 'download'
          ? disposition
          : disposition.replace(/^attachment/, 'inline'),
      );
    return { status: 200, body: stored.stream };
  };

  const requestContext = (context: HandlerContext<Principal>) => ({
    db,
    principal: principalOf(context),
    query: context.query,
  });

  /** Rich text, sanitised as the news content is; '' when nothing is left. */
  const descriptionOf = (value: unknown) =>
    typeof value === 'string' ? newsContentOnSave(value) : '';
  const hasText = (html: string) => html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '';

  const createDocumentModificationRequest: Handler<Principal> = async (context) => {
    const body = bodyOf(context);
    const principal = principalOf(context);
    const violations: Violation[] = [];
    const title = typeof body.title === 'string' ? body.title.trim() : '';
    if (title === '') violations.push({ propertyPath: 'title', message: messages.required });
    const description = descriptionOf(body.description);
    if (!hasText(description))
      violations.push({ propertyPath: 'description', message: messages.required });
    let mediaObjectId: number | null = null;
    if (body.mediaObject === null || body.mediaObject === undefined || body.mediaObject === '') {
      violations.push({ propertyPath: 'mediaObject', message: messages.required });
    } else {
      const id = idOfReference(body.mediaObject, '/media_objects');
      const found = id === null ? null : await libraryFile(db, id);
      // A file of a library the caller may not view does not exist for him.
      if (!found || !(await viewableLibraries(db, principal)).includes(found.type))
        violations.push({ propertyPath: 'mediaObject', message: messages.unknownFile });
      else mediaObjectId = found.media.id;
    }
    assertNoViolations(violations);
    const [row] = await db
      .insert(documentModificationRequests)
      .values({ title, description, mediaObjectId: mediaObjectId!, applicantId: principal.user.id })
      .returning({ id: documentModificationRequests.id });
    return {
      status: 201,
      body: await item(modificationRequestsResource, row!.id, requestContext(context)),
    };
  };

  const updateDocumentModificationRequest: Handler<Principal> = async (context) => {
    const id = Number(context.params.id);
    // Out of the caller's libraries, or another agent's: a 404 like a missing request.
    await requireWritable(modificationRequestsResource, id, requestContext(context));
    const body = bodyOf(context);
    const violations: Violation[] = [];
    const values: Partial<typeof documentModificationRequests.$inferInsert> = {};
    if ('title' in body) {
      const title = typeof body.title === 'string' ? body.title.trim() : '';
      if (title === '') violations.push({ propertyPath: 'title', message: messages.required });
      else values.title = title;
    }
    if ('description' in body) {
      const description = descriptionOf(body.description);
      if (!hasText(description))
        violations.push({ propertyPath: 'description', message: messages.required });
      else values.description = description;
    }
    if ('status' in body) {
      if (!MODIFICATION_REQUEST_STATUSES.includes(body.status as ModificationRequestStatus))
        violations.push({ propertyPath: 'status', message: messages.required });
      else values.status = body.status as ModificationRequestStatus;
    }
    if ('comment' in body) {
      const comment = typeof body.comment === 'string' ? body.comment.trim() : '';
      if ([...comment].length > 255)
        violations.push({ propertyPath: 'comment', message: messages.tooLong(255) });
      else values.comment = comment === '' ? null : comment;
    }
    assertNoViolations(violations);
    if (Object.keys(values).length > 0)
      await db
        .update(documentModificationRequests)
        .set(values)
        .where(eq(documentModificationRequests.id, id));
    return {
      status: 200,
      body: await item(modificationRequestsResource, id, requestContext(context)),
    };
  };

  const handlers: HandlerMap = {
    listDocumentModificationRequests: listHandler(db, modificationRequestsResource),
    getDocumentModificationRequest: itemHandler(db, modificationRequestsResource),
    createDocumentModificationRequest,
    updateDocumentModificationRequest,
    listFolders,
    getFolder,
    createFolder,
    editFolder,
    deleteFolder,
    downloadFolder,
    listMediaObjects,
    listMediaObjectLists,
    getMediaObjectList,
    updateMediaObjectList,
    searchLibraryFiles,
    uploadLibraryFile,
    editLibraryFile,
    downloadLibraryFile,
  };
  return {
    handlers,
    upload: uploadSpecLibraryFiles,
    remove: deleteLibraryFileOf,
    read: readLibraryFile,
  };
}

/** The spec's library file fields of `POST /media_objects`: `file[0]`, `file[1]`… */
const SPEC_FILE_FIELD = /^file\[(\d{1,2})\]$/;
/** Most files in one spec upload (the spec gives no number; a folder's batch of documents). */
export const SPEC_UPLOAD_MAX_FILES = 10;

/** The limits of the library files the spec's `POST /media_objects` takes. */
export const specLibraryUploadField: UploadField = {
  name: SPEC_FILE_FIELD,
  folder: LIBRARY_UPLOADS_FOLDER,
  maxFileBytes: LIBRARY_MAX_BYTES,
  types: LIBRARY_MIME_TYPES,
};

/** Whether a `POST /media_objects` is the spec's library upload rather than a picture's. */
export const isSpecLibraryUpload = (context: HandlerContext<Principal>): boolean =>
  (context.body as Record<string, unknown> | undefined)?.folderId !== undefined ||
  [...uploadedFiles(context.request).keys()].some((field) => SPEC_FILE_FIELD.test(field));

/** The upload of library files: any office document, PDF or photo, at most 20 MB. */
export function libraryUploads(): UploadDeclarations {
  return {
    uploadLibraryFile: {
      folder: LIBRARY_UPLOADS_FOLDER,
      maxFileBytes: LIBRARY_MAX_BYTES,
      types: LIBRARY_MIME_TYPES,
      referenced: (db, paths) =>
        pathsInUse(paths, async (batch) =>
          (
            await db
              .select({ filePath: mediaObjects.filePath })
              .from(mediaObjects)
              .where(inArray(mediaObjects.filePath, batch))
          ).map((row) => row.filePath),
        ),
    },
  };
}
