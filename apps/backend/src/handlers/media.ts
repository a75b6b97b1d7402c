import { count, eq, inArray } from 'drizzle-orm';
import { principalOf, type Principal } from '../auth/principal.js';
import {
  decodesAsPicture,
  pictureUpload,
  removeStoredFile,
  uploadedFile,
  type UploadDeclarations,
} from '../files/uploads.js';
import type { Config } from '../config.js';
import { type Handler, type HandlerContext, handWritten } from '../contract.js';
import type { Database } from '../db/client.js';
import { imageBanks, mediaObjects, news } from '../db/schema.js';
import { commitWithRow } from '../files/staging.js';
import { contractUpload } from '../files/upload-limits.js';
import { assertNoViolations, notFound, unprocessable, type Violation } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { itemHandler, listHandler } from '../resources/handlers.js';
import { imageBanksResource } from '../resources/image-banks.js';
import { idOfReference } from '../resources/iris.js';
import { item } from '../resources/item.js';
import { isPicturePath, mediaObjectJson } from '../resources/media-objects.js';
import { accessOf } from '../access/principal-access.js';
import { forbidden } from '../http/errors.js';
import type { Deps } from '../deps.js';
import { isSpecLibraryUpload, libraryMediaObjects, specLibraryUploadField } from './library.js';

/** Keeps a readable, harmless display name of the uploaded file. */
const displayNameOf = (filename: string, extension: string) => {
  const base = filename
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .trim()
    .slice(0, 120);
  return base === '' ? `image.${extension}` : base;
};

/**
 * 403 unless the caller holds one of `components`: `POST` and `DELETE /media_objects` open to
 * the picture and the library components alike (the spec's calls), each shape checks its own.
 */
async function requireAny(
  deps: Deps,
  context: HandlerContext<Principal>,
  components: string[],
): Promise<void> {
  const access = await accessOf(deps.db, principalOf(context));
  if (!components.some((component) => access.components.has(component)))
    throw forbidden(messages.accessDenied);
}

export function createMediaObject(deps: Deps): Handler<Principal> {
  const library = libraryMediaObjects(deps);
  return handWritten('multipart upload checked to decode as a picture', async (context) => {
    if (isSpecLibraryUpload(context)) return library.upload(context);
    await requireAny(deps, context, ['pictures_library_page', 'news_edit_page']);
    const file = uploadedFile(context.request, 'file');
    if (file?.tooLarge)
      throw unprocessable([{ propertyPath: 'file', message: messages.fileTooLarge }]);
    const staged = file?.staged;
    if (!file || !staged || staged.size === 0)
      throw unprocessable([{ propertyPath: 'file', message: messages.fileRequired }]);
    const type = file.type;
    if (!type || !(await decodesAsPicture(staged)))
      throw unprocessable([{ propertyPath: 'file', message: messages.fileTypeRefused }]);
    // The file gets its served name only once its row has committed (crash-safe).
    const row = await commitWithRow(staged, type.ext, async (filePath) => {
      const [inserted] = await deps.db
        .insert(mediaObjects)
        .values({
          displayName: displayNameOf(file.filename, type.ext),
          filePath,
          mimeType: type.mime,
          size: staged.size,
          personId: principalOf(context).user.id,
        })
        .returning();
      return inserted;
    });
    return { status: 201, body: mediaObjectJson(row!) };
  });
}

/** A picture of the image bank (a file under images/), or null for anything else. */
async function pictureById(db: Database, id: number) {
  const [row] = await db.select().from(mediaObjects).where(eq(mediaObjects.id, id));
  return row && isPicturePath(row.filePath) && row.folderId === null ? row : null;
}

/** Deletes a media object and its file when no image bank entry uses it any more. */
async function deleteIfUnused(deps: Deps, mediaId: number): Promise<void> {
  const [used] = await deps.db
    .select({ n: count() })
    .from(imageBanks)
    .where(eq(imageBanks.mediaObjectId, mediaId));
  if (used!.n > 0) return;
  const [removed] = await deps.db
    .delete(mediaObjects)
    .where(eq(mediaObjects.id, mediaId))
    .returning();
  if (removed) await removeStoredFile(deps.storage, removed.filePath);
}

export function deleteMediaObject(deps: Deps): Handler<Principal> {
  const library = libraryMediaObjects(deps);
  return handWritten('removes the stored file once no row uses it', async (context) => {
    // A library file (the spec's delete), with its library's edit right; else a picture.
    if (await library.remove(context)) return { status: 204 };
    const id = Number(context.params.id);
    const [found] = await deps.db
      .select({ filePath: mediaObjects.filePath, folderId: mediaObjects.folderId })
      .from(mediaObjects)
      .where(eq(mediaObjects.id, id));
    if (!found || !isPicturePath(found.filePath) || found.folderId !== null) throw notFound();
    await requireAny(deps, context, ['pictures_library_page']);
    const outcome = await deps.db.transaction(async (tx) => {
      const [media] = await tx
        .select()
        .from(mediaObjects)
        .where(eq(mediaObjects.id, id))
        .for('update');
      if (!media || !isPicturePath(media.filePath) || media.folderId !== null) return null;
      const images = await tx
        .select({ id: imageBanks.id })
        .from(imageBanks)
        .where(eq(imageBanks.mediaObjectId, id));
      const imageIds = images.map((image) => image.id);
      if (imageIds.length > 0) {
        const [used] = await tx
          .select({ n: count() })
          .from(news)
          .where(inArray(news.imageBankId, imageIds));
        if (used!.n > 0) return 'in-use' as const;
        await tx.delete(imageBanks).where(inArray(imageBanks.id, imageIds));
      }
      await tx.delete(mediaObjects).where(eq(mediaObjects.id, id));
      return media;
    });
    if (outcome === null) throw notFound();
    if (outcome === 'in-use')
      throw unprocessable([{ propertyPath: '', message: messages.pictureInUse }]);
    await removeStoredFile(deps.storage, outcome.filePath);
    return { status: 204 };
  });
}

/**
 * `GET /media_objects/{id}`: a library file (its library's page component) or a picture of the
 * image bank (the components of `GET /image_banks`), each with its list's 403; anything else,
 * as an unknown id, a 404.
 */
export function getMediaObject(deps: Deps): Handler<Principal> {
  const library = libraryMediaObjects(deps);
  return handWritten(
    "a library file or a picture, each under its own list's rights",
    async (context) => {
      const file = await library.read(context);
      if (file) return { status: 200, body: file };
      const picture = await pictureById(deps.db, Number(context.params.id));
      if (!picture) throw notFound();
      await requireAny(deps, context, ['pictures_library_page', 'news_edit_page']);
      return { status: 200, body: mediaObjectJson(picture) };
    },
  );
}

interface ImageBankValues {
  title?: string;
  mediaObjectId?: number;
}

async function parseImageBank(
  db: Database,
  body: Record<string, unknown>,
  creating: boolean,
): Promise<ImageBankValues> {
  const violations: Violation[] = [];
  const values: ImageBankValues = {};
  if (creating || 'title' in body) {
    const title = typeof body.title === 'string' ? body.title.trim() : '';
    if (title === '') violations.push({ propertyPath: 'title', message: messages.required });
    else values.title = title;
  }
  if (creating || 'mediaObject' in body) {
    const reference = body.mediaObject;
    if (reference === null || reference === undefined || reference === '') {
      violations.push({ propertyPath: 'mediaObject', message: messages.required });
    } else {
      const id = idOfReference(reference, '/media_objects');
      const media = id === null ? null : await pictureById(db, id);
      if (!media) violations.push({ propertyPath: 'mediaObject', message: messages.unknownFile });
      else values.mediaObjectId = media.id;
    }
  }
  assertNoViolations(violations);
  return values;
}

const contextOf = (deps: Deps, context: HandlerContext<Principal>) => ({
  db: deps.db,
  principal: principalOf(context),
  query: {},
});

export function createImageBank(deps: Deps): Handler<Principal> {
  return handWritten('links an uploaded file to a new picture', async (context) => {
    const values = await parseImageBank(deps.db, context.body as Record<string, unknown>, true);
    const [row] = await deps.db
      .insert(imageBanks)
      .values({ title: values.title!, mediaObjectId: values.mediaObjectId! })
      .returning({ id: imageBanks.id });
    return { status: 201, body: await item(imageBanksResource, row!.id, contextOf(deps, context)) };
  });
}

/** Title and/or file; a replaced file is deleted once no picture uses it. */
export function updateImageBank(deps: Deps): Handler<Principal> {
  return handWritten('replaces the file and deletes the old one once unused', async (context) => {
    const id = Number(context.params.id);
    const [current] = await deps.db.select().from(imageBanks).where(eq(imageBanks.id, id));
    if (!current) throw notFound();
    const values = await parseImageBank(deps.db, context.body as Record<string, unknown>, false);
    if (Object.keys(values).length > 0) {
      await deps.db.update(imageBanks).set(values).where(eq(imageBanks.id, id));
      if (values.mediaObjectId !== undefined && values.mediaObjectId !== current.mediaObjectId)
        await deleteIfUnused(deps, current.mediaObjectId);
    }
    return { status: 200, body: await item(imageBanksResource, id, contextOf(deps, context)) };
  });
}

export function mediaHandlers(deps: Deps): Record<string, Handler<Principal>> {
  return {
    createMediaObject: createMediaObject(deps),
    getMediaObject: getMediaObject(deps),
    deleteMediaObject: deleteMediaObject(deps),
    listImageBanks: listHandler(deps.db, imageBanksResource),
    createImageBank: createImageBank(deps),
    getImageBank: itemHandler(deps.db, imageBanksResource),
    updateImageBank: updateImageBank(deps),
  };
}

/** The image bank's upload: a picture, read from its content, at most UPLOAD_MAX_BYTES. */
export const mediaUploads = (config: Pick<Config, 'uploadMaxBytes'>): UploadDeclarations => ({
  // A picture as `file`, or the spec's library files as `file[i]` (their own limits).
  createMediaObject: {
    ...pictureUpload(config.uploadMaxBytes),
    ...contractUpload('createMediaObject', config),
    fields: [specLibraryUploadField],
  },
});
