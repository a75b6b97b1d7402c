import { eq } from 'drizzle-orm';
import { principalOf, type Principal } from '../auth/principal.js';
import { uploadedFile, uploadedFiles, type UploadedFile } from '../files/uploads.js';
import { type Handler, type HandlerContext, handWritten } from '../contract.js';
import { mediaObjectLists, mediaObjects } from '../db/schema.js';
import { storedFileAnswer } from '../exports/responses.js';
import { commitWithRow } from '../files/staging.js';
import { assertNoViolations, notFound, unprocessable, type Violation } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { requireLibrary } from '../library/access.js';
import { EXTRACT_TEXT_JOB } from '../library/text.js';
import {
  bodyOf,
  checkPerson,
  cleanName,
  editValues,
  folderById,
  libraryFile,
  nameOf,
  parentOf,
  pathEntry,
  type Folder,
} from '../library/writes.js';
import { collectionOfIds, membersByIds } from '../resources/collection.js';
import { itemHandler, listHandler } from '../resources/handlers.js';
import { idOfReference } from '../resources/iris.js';
import { item } from '../resources/item.js';
import { libraryFilesResource, librarySearchResource } from '../resources/library-files.js';
import { mediaObjectListsResource } from '../resources/media-object-lists.js';
import type { Deps, HandlerMap } from '../deps.js';

/** The spec's library file fields of `POST /media_objects`: `file[0]`, `file[1]`… */
export const SPEC_FILE_FIELD = /^file\[(\d{1,2})\]$/;

type CheckedFile = UploadedFile & { staged: NonNullable<UploadedFile['staged']> };

/** A received file's problem as a violation at `field`, or the file ready to store. */
function checkedFile(file: UploadedFile | undefined, field: string, violations: Violation[]) {
  if (file?.tooLarge) violations.push({ propertyPath: field, message: messages.fileTooLarge });
  else if (!file || !file.staged || file.staged.size === 0)
    violations.push({ propertyPath: field, message: messages.fileRequired });
  else if (!file.type) violations.push({ propertyPath: field, message: messages.fileTypeRefused });
  else return file as CheckedFile;
  return null;
}

/**
 * The files of the libraries and their read states: read through the resource layer (lists,
 * search, items); uploaded, renamed, moved, opened and deleted by hand.
 */
export function buildLibraryFiles(deps: Deps) {
  const { db, storage } = deps;
  const requestOf = (context: HandlerContext<Principal>) => ({
    db,
    principal: principalOf(context),
    query: context.query,
  });

  /**
   * Stores checked library files in `folder`, each once its row has committed (crash-safe), and
   * queues the text extraction of the PDFs. Answers their ids, in order.
   */
  const storeLibraryFiles = async (folder: Folder, principal: Principal, files: CheckedFile[]) => {
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
    return ids;
  };

  /** File `id` as the caller sees it, after a write his right allowed. */
  const fileAnswer = async (context: HandlerContext<Principal>, id: number) =>
    (await membersByIds(libraryFilesResource, requestOf(context), [id]))[0];

  /** The folder a write names (IRI or id), after the caller's edit right on its library. */
  const writableFolder = async (reference: unknown, principal: Principal) => {
    const folderId = idOfReference(reference, '/folders');
    const folder = folderId === null ? null : await folderById(db, folderId);
    if (!folder) throw notFound(messages.unknownFolder);
    await requireLibrary(db, principal, folder.type, 'edit');
    return folder;
  };

  const fileOf = (context: HandlerContext<Principal>, mode: 'view' | 'edit') =>
    pathEntry(db, context, libraryFile, mode);

  const uploadLibraryFile = handWritten<Principal>(
    'a multi-file multipart upload, each file checked and stored with its row, PDFs queued for text',
    async (context) => {
      const principal = principalOf(context);
      const folder = await writableFolder(bodyOf(context).folder, principal);
      const violations: Violation[] = [];
      const file = checkedFile(uploadedFile(context.request, 'file'), 'file', violations);
      assertNoViolations(violations);
      const [id] = await storeLibraryFiles(folder, principal, [file!]);
      return { status: 201, body: await fileAnswer(context, id!) };
    },
  );

  /**
   * The spec's upload (`POST /media_objects`, multipart `file[0]`, `file[1]`…, `folderId`,
   * `person`): every file is checked before any is kept, so that the answer is all or none.
   */
  const upload: Handler<Principal> = async (context) => {
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
    const ids = await storeLibraryFiles(
      folder,
      principal,
      files.map((file) => file!),
    );
    const collectionId = `/media_objects?folderId=${folder.id}`;
    const created = await collectionOfIds(
      libraryFilesResource,
      requestOf(context),
      ids,
      collectionId,
    );
    return { status: 201, body: created };
  };

  const editLibraryFile = handWritten<Principal>(
    "a rename or a move within the file's library, checked per library",
    async (context) => {
      const found = await fileOf(context, 'edit');
      const { id } = found.media;
      const body = editValues(context, 'displayName', 'folder');
      const violations: Violation[] = [];
      const values: Partial<typeof mediaObjects.$inferInsert> = {};
      if ('displayName' in body) {
        const name = nameOf(body.displayName, 'displayName', violations);
        if (name) values.displayName = name;
      }
      if ('folder' in body) {
        const target = await parentOf(db, body.folder, found.type, 'folder', violations);
        if (target === null)
          violations.push({ propertyPath: 'folder', message: messages.required });
        else if (target) values.folderId = target.id;
      }
      assertNoViolations(violations);
      if (Object.keys(values).length > 0)
        await db.update(mediaObjects).set(values).where(eq(mediaObjects.id, id));
      return { status: 200, body: await fileAnswer(context, id) };
    },
  );

  const downloadLibraryFile = handWritten<Principal>(
    'streams a stored file and marks it read',
    async (context) => {
      const { media } = await fileOf(context, 'view');
      const stored = await storage.read(media.filePath);
      if (!stored) throw notFound();
      // Opening a file is reading it: its recent marker goes for this user.
      await db
        .insert(mediaObjectLists)
        .values({ mediaObjectId: media.id, userId: principalOf(context).user.id, readByUser: true })
        .onConflictDoUpdate({
          target: [mediaObjectLists.userId, mediaObjectLists.mediaObjectId],
          set: { readByUser: true },
        });
      return storedFileAnswer(context, stored, { name: media.displayName, type: media.mimeType });
    },
  );

  /** The spec's delete of a library file (`DELETE /media_objects/{id}`); false for no such file. */
  const remove = async (context: HandlerContext<Principal>): Promise<boolean> => {
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
  const read = async (context: HandlerContext<Principal>) => {
    const found = await libraryFile(db, Number(context.params.id));
    if (!found) return null;
    return item(libraryFilesResource, found.media.id, requestOf(context));
  };

  /** `PATCH /media_object_lists/{id}` `{readByUser}`: the caller's own entry only (404 else). */
  const updateMediaObjectList = handWritten<Principal>(
    "readByUser required (an empty merge-patch would pass) on the caller's own entry",
    async (context) => {
      const id = Number(context.params.id);
      const found = await item(mediaObjectListsResource, id, requestOf(context));
      const readByUser = bodyOf(context).readByUser;
      if (typeof readByUser !== 'boolean')
        throw unprocessable([{ propertyPath: 'readByUser', message: messages.required }]);
      await db.update(mediaObjectLists).set({ readByUser }).where(eq(mediaObjectLists.id, id));
      return { status: 200, body: { ...found, readByUser } };
    },
  );

  const handlers: HandlerMap = {
    listMediaObjects: listHandler(db, libraryFilesResource),
    searchLibraryFiles: listHandler(db, librarySearchResource),
    listMediaObjectLists: listHandler(db, mediaObjectListsResource),
    getMediaObjectList: itemHandler(db, mediaObjectListsResource),
    updateMediaObjectList,
    uploadLibraryFile,
    editLibraryFile,
    downloadLibraryFile,
  };
  return { handlers, upload, remove, read };
}
