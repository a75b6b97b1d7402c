import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { MEDIA_ROUTE, PICTURES_FOLDER } from '../resources/media-objects.js';

/** Multipart uploads (`POST /media_objects`) and the serving of pictures at /media/. */

export interface UploadedFile {
  filename: string;
  declaredType: string;
  data: Buffer;
}

/** Largest multipart body read at all; the per-file limit (5 MB) is checked by the handler. */
export const MULTIPART_BODY_LIMIT = 20 * 1024 * 1024;

const uploads = new WeakMap<FastifyRequest, Map<string, UploadedFile>>();

/** The file sent in multipart field `name`, if any. */
export const uploadedFile = (request: FastifyRequest, name: string) =>
  uploads.get(request)?.get(name);

/**
 * Parses multipart/form-data bodies: files are kept aside (`uploadedFile`) and the body the
 * contract validates carries their names, text fields as they are.
 */
export function registerMultipart(app: FastifyInstance): void {
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: MULTIPART_BODY_LIMIT },
    (request, payload, done) => {
      const contentType = String(request.headers['content-type']);
      new Response(payload as Buffer, { headers: { 'content-type': contentType } })
        .formData()
        .then(async (form) => {
          const files = new Map<string, UploadedFile>();
          const body: Record<string, string> = {};
          for (const [name, value] of form.entries()) {
            if (typeof value === 'string') {
              body[name] = value;
              continue;
            }
            const data = Buffer.from(await value.arrayBuffer());
            files.set(name, { filename: value.name, declaredType: value.type, data });
            body[name] = value.name;
          }
          uploads.set(request, files);
          done(null, body);
        })
        .catch(() => done(new HttpError(400, messages.malformedMultipart), undefined));
    },
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, payload, done) => {
      done(null, Object.fromEntries(new URLSearchParams(payload as string)));
    },
  );
}

const PICTURE_TYPES = [
  {
    mimeType: 'image/png',
    extension: 'png',
    matches: (b: Buffer) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    mimeType: 'image/jpeg',
    extension: 'jpg',
    matches: (b: Buffer) => startsWith(b, [0xff, 0xd8, 0xff]),
  },
  {
    mimeType: 'image/gif',
    extension: 'gif',
    matches: (b: Buffer) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  },
  {
    mimeType: 'image/webp',
    extension: 'webp',
    matches: (b: Buffer) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
] as const;

const startsWith = (buffer: Buffer, bytes: number[]) =>
  buffer.length >= bytes.length && bytes.every((byte, i) => buffer[i] === byte);

/** The picture type read from the file's first bytes (never from its name); null otherwise. */
export function sniffPicture(data: Buffer): { mimeType: string; extension: string } | null {
  const found = PICTURE_TYPES.find((type) => type.matches(data));
  return found ? { mimeType: found.mimeType, extension: found.extension } : null;
}

export const filesRoot = (dataDir: string) => resolve(dataDir, 'files');

/** Stores a picture under an unguessable name; answers its path relative to DATA_DIR/files. */
export async function storePicture(dataDir: string, data: Buffer, extension: string) {
  const relative = `${PICTURES_FOLDER}/uploads/${randomBytes(16).toString('hex')}.${extension}`;
  const target = join(filesRoot(dataDir), relative);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, data, { flag: 'wx' });
  return relative;
}

export async function removeStoredFile(dataDir: string, relative: string): Promise<void> {
  const target = insideFiles(dataDir, relative);
  if (target) await unlink(target).catch(() => undefined);
}

/** The absolute path of `relative` when it stays inside DATA_DIR/files/images; else null. */
function insideFiles(dataDir: string, relative: string): string | null {
  const root = resolve(filesRoot(dataDir), PICTURES_FOLDER);
  const target = resolve(root, '..', relative);
  return target.startsWith(root + sep) ? target : null;
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
 * have 128-bit random names; nothing outside DATA_DIR/files/images is ever served.
 */
export function registerMediaRoute(app: FastifyInstance, dataDir: string): void {
  const missing = () => new HttpError(404, messages.notFound);
  app.get(`${MEDIA_ROUTE}/*`, async (request, reply) => {
    const relative = decodeURIComponent((request.params as { '*': string })['*']);
    const type = SERVED_TYPES[extname(relative).toLowerCase()];
    const target = relative.includes('\0') ? null : insideFiles(dataDir, relative);
    if (!type || !target) throw missing();
    const info = await stat(target).catch(() => null);
    if (!info?.isFile()) throw missing();
    return reply
      .type(type)
      .header('content-length', info.size)
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(createReadStream(target));
  });
}
