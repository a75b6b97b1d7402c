import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { principalOf, type Principal } from '../auth/principal.js';
import { pathsInUse, uploadedFile, type UploadDeclarations } from '../communication/uploads.js';
import type { Handler, HandlerContext } from '../contract.js';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { folders, mediaObjectLists, mediaObjects, type LibraryType } from '../db/schema.js';
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
import { viewableLibraries } from '../library/access.js';
import { isLibraryType, requireLibrary } from '../library/access.js';
import { folded } from '../library/fold.js';
import { EXTRACT_TEXT_JOB } from '../library/text.js';
import type { Deps, HandlerMap } from './deps.js';

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

const folderJson = (row: FolderRow) => ({
  '@id': folderIri(row.id),
  '@type': 'Folder',
  id: row.id,
  name: row.name,
  type: row.type,
  parentFolder: row.parentFolderId,
  createdAt: row.createdAt.toISOString(),
});

interface FileRow {
  id: number;
  displayName: string;
  folderId: number;
  mimeType: string;
  size: number;
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
  createdAt: new Date(row.createdAt).toISOString(),
  isRecent: Boolean(row.isRecent),
  ...(row.headline ? { headline: row.headline } : {}),
});

/** A collection answered whole; `type` names its members' class (its `/contexts/{type}`). */
const collection = (id: string, type: 'Folder' | 'LibraryFile', members: unknown[]) => ({
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

function typeOfQuery(value: unknown): LibraryType {
  // The contract's enum has validated it; this narrows the type.
  if (!isLibraryType(value)) throw notFound();
  return value;
}

async function folderById(db: Database, id: number) {
  const [row] = await db.select().from(folders).where(eq(folders.id, id));
  return row ?? null;
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

const bodyOf = (context: HandlerContext<Principal>) =>
  (context.body ?? {}) as Record<string, unknown>;

export function libraryHandlers(deps: Deps): HandlerMap {
  const { db, storage } = deps;

  const listFolders: Handler<Principal> = async (context) => {
    const type = typeOfQuery(context.query.type);
    await requireLibrary(db, principalOf(context), type, 'view');
    const rows = await db
      .select()
      .from(folders)
      .where(eq(folders.type, type))
      .orderBy(asc(folders.name), asc(folders.id));
    return {
      status: 200,
      body: collection(`/folders?type=${type}`, 'Folder', rows.map(folderJson)),
    };
  };

  const createFolder: Handler<Principal> = async (context) => {
    const body = bodyOf(context);
    const type = typeOfQuery(body.type);
    const principal = principalOf(context);
    await requireLibrary(db, principal, type, 'edit');
    const violations: Violation[] = [];
    const name = nameOf(body.name, 'name', violations);
    const parent = await parentOf(db, body.parentFolder, type, 'parentFolder', violations);
    assertNoViolations(violations);
    const [row] = await db
      .insert(folders)
      .values({
        name: name!,
        type,
        parentFolderId: parent?.id ?? null,
        personId: principal.user.id,
      })
      .returning();
    return { status: 201, body: folderJson(row!) };
  };

  const editFolder: Handler<Principal> = async (context) => {
    const id = Number(context.params.id);
    const folder = await folderById(db, id);
    if (!folder) throw notFound();
    await requireLibrary(db, principalOf(context), folder.type, 'edit');
    const body = bodyOf(context);
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
      if (Object.keys(values).length === 0) return folder;
      const [row] = await tx.update(folders).set(values).where(eq(folders.id, id)).returning();
      return row!;
    });
    if (moved === 'cycle')
      throw unprocessable([{ propertyPath: 'parentFolder', message: messages.folderOwnParent }]);
    return { status: 200, body: folderJson(moved) };
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

  const listLibraryFiles: Handler<Principal> = async (context) => {
    const type = typeOfQuery(context.query['folder.type']);
    const principal = principalOf(context);
    await requireLibrary(db, principal, type, 'view');
    const rows = await db
      .select(fileColumns(principal.user.id))
      .from(mediaObjects)
      .innerJoin(folders, eq(folders.id, mediaObjects.folderId))
      .where(eq(folders.type, type))
      .orderBy(desc(mediaObjects.createdAt), desc(mediaObjects.id));
    return {
      status: 200,
      body: collection(
        `/media_objects/library?folder.type=${type}`,
        'LibraryFile',
        rows.map(fileJson),
      ),
    };
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

  const uploadLibraryFile: Handler<Principal> = async (context) => {
    const body = bodyOf(context);
    const principal = principalOf(context);
    const folderId = idOfReference(body.folder, '/folders');
    const folder = folderId === null ? null : await folderById(db, folderId);
    if (!folder) throw notFound();
    await requireLibrary(db, principal, folder.type, 'edit');
    const file = uploadedFile(context.request, 'file');
    if (file?.tooLarge)
      throw unprocessable([{ propertyPath: 'file', message: messages.fileTooLarge }]);
    const staged = file?.staged;
    if (!file || !staged || staged.size === 0)
      throw unprocessable([{ propertyPath: 'file', message: messages.fileRequired }]);
    const type = file.type;
    if (!type) throw unprocessable([{ propertyPath: 'file', message: messages.fileTypeRefused }]);
    const name = cleanName(file.filename) || `document.${type.ext}`;
    const row = await commitWithRow(staged, type.ext, async (filePath) => {
      const [inserted] = await db
        .insert(mediaObjects)
        .values({
          displayName: name,
          filePath,
          mimeType: type.mime,
          size: staged.size,
          folderId: folder.id,
          personId: principal.user.id,
        })
        .returning({ id: mediaObjects.id });
      return inserted!;
    });
    if (type.mime === 'application/pdf')
      await deps.jobs.send(EXTRACT_TEXT_JOB, { mediaObjectId: row.id }, { key: String(row.id) });
    const [created] = await db
      .select(fileColumns(principal.user.id))
      .from(mediaObjects)
      .where(eq(mediaObjects.id, row.id));
    return { status: 201, body: fileJson(created!) };
  };

  const editLibraryFile: Handler<Principal> = async (context) => {
    const id = Number(context.params.id);
    const found = await libraryFile(db, id);
    if (!found) throw notFound();
    const principal = principalOf(context);
    await requireLibrary(db, principal, found.type, 'edit');
    const body = bodyOf(context);
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

  const deleteLibraryFile: Handler<Principal> = async (context) => {
    const id = Number(context.params.id);
    const found = await libraryFile(db, id);
    if (!found) throw notFound();
    await requireLibrary(db, principalOf(context), found.type, 'edit');
    await db.delete(mediaObjects).where(eq(mediaObjects.id, id));
    await storage.delete(found.media.filePath).catch(() => undefined);
    return { status: 204 };
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

  return {
    listDocumentModificationRequests: listHandler(db, modificationRequestsResource),
    getDocumentModificationRequest: itemHandler(db, modificationRequestsResource),
    createDocumentModificationRequest,
    updateDocumentModificationRequest,
    listFolders,
    createFolder,
    editFolder,
    deleteFolder,
    downloadFolder,
    listLibraryFiles,
    searchLibraryFiles,
    uploadLibraryFile,
    editLibraryFile,
    deleteLibraryFile,
    downloadLibraryFile,
  };
}

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
