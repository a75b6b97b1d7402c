import { extname, posix } from 'node:path';
import { Busboy } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromStream } from 'file-type';
import sharp from 'sharp';
import type { Operation } from '../contract.js';
import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { inBatches } from '../db/batches.js';
import type { Database } from '../db/client.js';
import { mediaObjects } from '../db/schema.js';
import {
  FileTooLargeError,
  stageStream,
  sweepFolder,
  type StagedFile,
  type SweepOptions,
  type SweepResult,
} from './staging.js';
import type { FileStorage } from './storage.js';
import { HttpError } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { MEDIA_ROUTE, PICTURES_FOLDER } from '../resources/media-objects.js';

/**
 * Multipart uploads and the serving of pictures at /media/.
 *
 * The multipart body is not read when the request arrives: the contract router calls
 * `readMultipart` after authentication and authorization, and only for operations that declare
 * multipart/form-data and have limits here. Files stream to a temporary file on disk (never into
 * memory), capped per route, then to the file storage under a temporary key (`files/staging.ts`); a body announced larger than the route allows is refused unread.
 */

export interface UploadedFile {
  filename: string;
  declaredType: string;
  /** The content, staged under a temporary name until its row commits. */
  staged: StagedFile | null;
  /** True when the file went over the route's limit (nothing was kept). */
  tooLarge: boolean;
  /** The type read from the content, when it is one the operation accepts; else null. */
  type: { mime: string; ext: string } | null;
}

/**
 * What an operation that takes a file declares, in its own module (`<module>Uploads(config)`,
 * composed by `handlers/index.ts`): where its files are staged and kept, how large they may be,
 * which types it accepts (read from the content, never from the name), and which of the stored
 * files rows still use (for the sweep). The multipart reader, the crash-safe staging and the
 * periodic sweep apply to every declared operation; the app itself never changes for one.
 */
export interface UploadDeclaration {
  /** Folder (key prefix in the file storage) where the operation's files are staged and kept. */
  folder: string;
  /** Largest file, in bytes. */
  maxFileBytes: number;
  /** Most files in one request, each in its own field (default 1). */
  maxFiles?: number;
  /** MIME types accepted, as `file-type` reads them from the content. */
  types: readonly string[];
  /** Which of the given stored paths some row still refers to. */
  referenced(db: Database, paths: string[]): Promise<Set<string>>;
  /**
   * Fields whose files follow other limits (one operation taking two kinds of file: the spec's
   * `POST /media_objects` takes a picture as `file` and library files as `file[i]`). Their
   * folders must be declared by another operation too, for the sweep.
   */
  fields?: readonly UploadField[];
}

/** The limits of the files sent in the fields whose names `name` matches. */
export interface UploadField extends Pick<UploadDeclaration, 'folder' | 'maxFileBytes' | 'types'> {
  name: RegExp;
}

/** The limits a file sent in field `name` follows. */
const limitsOf = (route: UploadDeclaration, name: string) =>
  route.fields?.find((field) => field.name.test(name)) ?? route;

/** The largest file any field of the operation takes. */
const largestFile = (route: UploadDeclaration) =>
  Math.max(route.maxFileBytes, ...(route.fields ?? []).map((field) => field.maxFileBytes));

export type UploadDeclarations = Record<string, UploadDeclaration>;

/** The pictures the image bank and the photos accept. */
export const PICTURE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Room for the multipart framing and text fields around the file. */
export const MULTIPART_OVERHEAD = 1024 * 1024;

const uploads = new WeakMap<FastifyRequest, Map<string, UploadedFile>>();
/**
 * Every file write of a request, a field sent twice included: each ends with its file staged or
 * removed, and every staged file is removed unless committed.
 */
const allWrites = new WeakMap<FastifyRequest, Promise<UploadedFile>[]>();

/** The file sent in multipart field `name`, if any. */
export const uploadedFile = (request: FastifyRequest, name: string) =>
  uploads.get(request)?.get(name);

/** Every file of the request, by field name, in the order sent. */
export const uploadedFiles = (request: FastifyRequest): ReadonlyMap<string, UploadedFile> =>
  uploads.get(request) ?? new Map();

const isMultipart = (request: FastifyRequest) =>
  /^multipart\/form-data\s*(;|$)/i.test(request.headers['content-type'] ?? '');

/**
 * Leaves multipart bodies unread until the route asks for them; files a handler did not commit
 * are removed before the answer is sent (or once the client has gone): a client that reads its
 * refusal finds nothing left, and a process that dies right after leaves nothing either.
 */
export function registerMultipart(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
  const discardPending = async (request: FastifyRequest) => {
    const writes = allWrites.get(request);
    if (!writes) return;
    // A refusal can come while a file is still being written: wait for each write to end.
    const files = await Promise.all(writes);
    await Promise.all(files.map((file) => file.staged?.discard()));
  };
  app.addHook('onSend', async (request, _reply, payload) => {
    await discardPending(request);
    return payload;
  });
  app.addHook('onRequestAbort', discardPending);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, payload, done) => {
      done(null, Object.fromEntries(new URLSearchParams(payload as string)));
    },
  );
}

/**
 * The contract router's multipart reader: 415 for an operation without limits here (a JSON route
 * never reads a multipart body), 413 for a body announced above the route's limit.
 */
export function multipartReader(storage: FileStorage, limits: UploadDeclarations) {
  return async (request: FastifyRequest, operation: Operation): Promise<unknown> => {
    const route = limits[operation.operationId];
    if (!route || !isMultipart(request)) throw new HttpError(415, messages.unsupportedMediaType);
    const announced = Number(request.headers['content-length'] ?? 0);
    if (announced > largestFile(route) * (route.maxFiles ?? 1) + MULTIPART_OVERHEAD)
      throw new HttpError(413, messages.bodyTooLarge);
    return readMultipart(request, storage, route);
  };
}

function readMultipart(
  request: FastifyRequest,
  storage: FileStorage,
  route: UploadDeclaration,
): Promise<Record<string, string>> {
  const files = new Map<string, UploadedFile>();
  const writes: Promise<UploadedFile>[] = [];
  uploads.set(request, files);
  allWrites.set(request, writes);
  const body: Record<string, string> = {};
  const raw = request.raw;
  return new Promise((resolvePromise, reject) => {
    let failed = false;
    const streams: { destroy(error?: Error): void }[] = [];
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      raw.unpipe(parser);
      // Ends the file writes under way: stageStream then removes their temporary files.
      for (const stream of streams) stream.destroy(error);
      reject(error);
    };
    const maxFiles = route.maxFiles ?? 1;
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: request.headers as { 'content-type': string },
        limits: {
          // One file more than allowed reaches the 'file' listener, which names a field sent
          // twice or refuses the extra file; Busboy would drop it silently, and the route would
          // then miss a file that came after it.
          files: maxFiles + 1,
          // One byte more than allowed, so that "too large" is seen, not silently cut.
          fileSize: largestFile(route) + 1,
          fields: 20,
          fieldSize: 64 * 1024,
          parts: 21 + maxFiles,
          headerPairs: 20,
        },
      });
    } catch {
      reject(new HttpError(400, messages.malformedMultipart));
      return;
    }
    parser.on('file', (name, stream, filename, _encoding, mimeType) => {
      // A part cut short or destroyed by `fail` after its write ended has no other listener:
      // its error must not become an uncaught exception.
      stream.on('error', () => undefined);
      // PostgreSQL text cannot hold U+0000: refused like a NUL in JSON or a query string.
      if (name.includes('\0') || (filename ?? '').includes('\0')) {
        stream.resume();
        return fail(new HttpError(400, messages.nulCharacter));
      }
      // Refused parts are drained, not staged: the request has its answer already.
      const refuse = (error: HttpError | null) => {
        stream.resume();
        if (error) fail(error);
      };
      if (failed) return refuse(null);
      if (files.has(name)) return refuse(new HttpError(400, messages.duplicateFile(name)));
      if (files.size >= maxFiles) return refuse(new HttpError(400, messages.tooManyFiles));
      const entry: UploadedFile = {
        filename,
        declaredType: mimeType,
        staged: null,
        tooLarge: false,
        type: null,
      };
      files.set(name, entry);
      body[name] = filename;
      streams.push(stream);
      const limits = limitsOf(route, name);
      const write = stageStream(storage, limits.folder, stream, limits.maxFileBytes)
        .then(
          async (staged) => {
            entry.staged = staged;
            // The client went away while the file was written: nothing must stay.
            if (failed) return staged.discard();
            const type = await contentTypeOf(staged);
            entry.type = type && limits.types.includes(type.mime) ? type : null;
          },
          (error: unknown) => {
            if (!(error instanceof FileTooLargeError)) return fail(error as Error);
            entry.tooLarge = true;
            // Stop reading at once and let the handler answer; Node drops the unread rest.
            if (!failed) {
              failed = true;
              raw.unpipe(parser);
              resolvePromise(body);
            }
          },
        )
        .catch((error: unknown) => fail(error as Error))
        .then(() => entry);
      writes.push(write);
    });
    parser.on('field', (name, value) => {
      if (name.includes('\0') || value.includes('\0'))
        return fail(new HttpError(400, messages.nulCharacter));
      body[name] = value;
    });
    parser.on('error', () => fail(new HttpError(400, messages.malformedMultipart)));
    // Not reached with the limit above; kept so that no file is ever dropped without a word.
    parser.on('filesLimit', () => fail(new HttpError(400, messages.tooManyFiles)));
    parser.on('finish', () => {
      Promise.all(writes).then(() => {
        if (!failed) resolvePromise(body);
      }, fail);
    });
    // A client that stops mid-stream: the staged file is removed (see the write above).
    raw.on('close', () => {
      if (!raw.complete) fail(new HttpError(400, messages.malformedMultipart));
    });
    raw.pipe(parser);
  });
}

/** The type read from the staged content (file-type), or null for none it knows. */
async function contentTypeOf(staged: StagedFile): Promise<{ mime: string; ext: string } | null> {
  if (staged.size === 0) return null;
  const stream = await staged.open();
  try {
    return (await fileTypeFromStream(stream)) ?? null;
  } catch {
    // A signature cut short (a PNG header and a few bytes) ends the stream where the detector
    // expects more: such a file is of no type.
    return null;
  } finally {
    stream.destroy();
  }
}

/**
 * Whether the staged picture decodes whole: a signature followed by garbage or a cut file would
 * be served broken to every agent. Decoded with the same pixel limit as the account photo.
 */
export async function decodesAsPicture(staged: StagedFile): Promise<boolean> {
  const chunks: Buffer[] = [];
  for await (const chunk of await staged.open()) chunks.push(chunk as Buffer);
  try {
    await sharp(Buffer.concat(chunks), { limitInputPixels: 40_000_000, failOn: 'error' }).stats();
    return true;
  } catch {
    return false;
  }
}

/** Where uploaded pictures are staged and kept, in the file storage. */
export const PICTURE_UPLOADS_FOLDER = `${PICTURES_FOLDER}/uploads`;

/** The pictures of the image bank: staged and kept under images/uploads, used by media objects. */
export const pictureUpload = (maxFileBytes: number): UploadDeclaration => ({
  folder: PICTURE_UPLOADS_FOLDER,
  maxFileBytes,
  types: PICTURE_MIME_TYPES,
  referenced: mediaObjectPaths,
});

/** The paths among `paths` that `find` still finds in some row, asked a batch at a time. */
export async function pathsInUse(
  paths: string[],
  find: (batch: string[]) => Promise<(string | null)[]>,
): Promise<Set<string>> {
  const found = await inBatches(paths, find);
  return new Set(found.filter((path): path is string => path !== null));
}

/**
 * The `referenced` of an upload whose files are named by `column` of `table`: the paths among
 * `paths` some row of the table still names.
 */
export const pathsInColumn =
  (table: PgTable, column: PgColumn) => (db: Database, paths: string[]) =>
    pathsInUse(paths, async (batch) =>
      (await db.select({ path: column }).from(table).where(inArray(column, batch))).map(
        (row) => row.path as string | null,
      ),
    );

/** The paths media objects name (pictures of the image bank, library and prospect files). */
export const mediaObjectPaths = pathsInColumn(mediaObjects, mediaObjects.filePath);

/**
 * Finishes the uploads of a declared operation whose row committed before a crash, removes the
 * temporary files of the others and the files no row refers to any more.
 */
export function sweepUpload(
  db: Database,
  storage: FileStorage,
  upload: Pick<UploadDeclaration, 'folder' | 'referenced'>,
  options?: SweepOptions,
): Promise<SweepResult> {
  return sweepFolder(storage, upload.folder, (paths) => upload.referenced(db, paths), options);
}

/** The image bank's pictures (`sweepUpload` of `pictureUpload`). */
export const sweepPictureUploads = (db: Database, storage: FileStorage, options?: SweepOptions) =>
  sweepUpload(
    db,
    storage,
    { folder: PICTURE_UPLOADS_FOLDER, referenced: mediaObjectPaths },
    options,
  );

export async function removeStoredFile(storage: FileStorage, relative: string): Promise<void> {
  const key = pictureKey(relative);
  if (key) await storage.delete(key).catch(() => undefined);
}

/** `relative` when it names a file under images/ (no dot segment, no NUL); else null. */
function pictureKey(relative: string): string | null {
  if (relative.includes('\0') || relative.includes('\\')) return null;
  const key = posix.normalize(relative);
  if (key !== relative || !key.startsWith(`${PICTURES_FOLDER}/`)) return null;
  // Stored names are short; a segment past a file system's 255 bytes was never one of them.
  return key
    .split('/')
    .some(
      (segment) =>
        segment === '..' || segment === '.' || segment === '' || Buffer.byteLength(segment) > 255,
    )
    ? null
    : key;
}

const SERVED_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/**
 * `GET /media/images/...`: pictures only, without a token (an `<img>` cannot send one). Uploads
 * have 128-bit random names; nothing outside images/ in the file storage is ever served. The
 * content streams from the storage (local file or S3 object), never whole into memory.
 */
export function registerMediaRoute(app: FastifyInstance, storage: FileStorage): void {
  const missing = () => new HttpError(404, messages.notFound);
  app.get(`${MEDIA_ROUTE}/*`, async (request, reply) => {
    // The router has already decoded the path once; decoding again would turn `%25` into a
    // lone `%` and throw (a 500), and could let `%252e` sneak a dot segment past the check.
    const relative = (request.params as { '*': string })['*'];
    const type = SERVED_TYPES[extname(relative).toLowerCase()];
    const key = pictureKey(relative);
    // flydrive refuses keys outside [A-Za-z0-9-_!/. ]: such names were never stored.
    if (!type || !key || !/^[A-Za-z0-9_!/.-]+$/.test(key)) throw missing();
    const found = await storage.read(key);
    if (!found) throw missing();
    return reply
      .type(type)
      .header('content-length', found.size)
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(found.stream);
  });
}
