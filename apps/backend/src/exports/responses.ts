import type { Readable } from 'node:stream';
import type { Principal } from '../auth/principal.js';
import type { HandlerContext, HandlerResult } from '../contract.js';
import type { FileStorage } from '../files/storage.js';
import { storedItem, zipFiles } from '../files/zip.js';
import { HttpError } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { attachmentDisposition, exportFileName } from './xlsx.js';

/**
 * The answer of an export operation: the streamed file as an attachment named after its label,
 * the caller and the time (spec §9). Errors after the first byte end the download; before it,
 * the caller's filters have already been checked by the query that feeds the stream.
 */
export function xlsxAttachment(
  context: HandlerContext<Principal>,
  label: string,
  file: Readable,
): HandlerResult {
  const { user } = context.principal!;
  const name = exportFileName(
    label,
    { lastName: user.lastName, firstName: user.firstName },
    new Date(),
  );
  context.reply.header('Content-Disposition', attachmentDisposition(name));
  return { status: 200, body: file };
}

/** The same with a fixed file name (an export the spec names once and for all). */
export function namedXlsxAttachment(
  context: HandlerContext<Principal>,
  fileName: string,
  file: Readable,
): HandlerResult {
  context.reply.header('Content-Disposition', attachmentDisposition(fileName));
  return { status: 200, body: file };
}

/** Stored files looked up at once before an archive starts (S3: that many HEAD requests). */
const EXISTENCE_CHECKS = 16;

/** The files of `files` that are not in the store, in their order. */
async function missingFiles<T extends { key: string }>(
  storage: FileStorage,
  files: T[],
): Promise<T[]> {
  const found = new Array<boolean>(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      found[index] = await storage.exists(files[index]!.key);
    }
  };
  await Promise.all(Array.from({ length: Math.min(EXISTENCE_CHECKS, files.length) }, worker));
  return files.filter((_, index) => !found[index]);
}

/**
 * Stored files as one zip attachment, streamed: each file is read when its turn comes, one at a
 * time (memory does not grow with the zip). Every file is looked up first: one missing (its row
 * without its bytes: a lost disk, a process whose DATA_DIR is not shared) refuses the download
 * before its first byte with a French 500 naming the files, and is logged, rather than sending
 * an archive without them; one removed while the zip streams ends the download. `level`: the
 * deflate level (1 for content already compressed, such as PDFs).
 */
export async function storedZipAttachment(
  context: HandlerContext<Principal>,
  storage: FileStorage,
  fileName: string,
  files: { key: string; name: string }[],
  options: { level?: number } = {},
): Promise<HandlerResult> {
  const missing = await missingFiles(storage, files);
  if (missing.length > 0) {
    context.request.log.error(
      {
        archive: fileName,
        missing: missing.length,
        of: files.length,
        keys: missing.slice(0, 20).map((f) => f.key),
      },
      'stored files missing: archive refused',
    );
    throw new HttpError(
      500,
      messages.archiveFilesMissing(
        missing.length,
        files.length,
        missing.map((file) => file.name.split('/').pop()!),
      ),
    );
  }
  const items = files.map((file) => storedItem(storage, file.key, file.name));
  context.reply.header('Content-Type', 'application/zip');
  context.reply.header('Content-Disposition', attachmentDisposition(fileName));
  return { status: 200, body: zipFiles(items, options) };
}

/**
 * One stored file, shown in the browser or (`?action=download`) downloaded: its type, size and
 * name, with nothing it could run (`nosniff`, a CSP that forbids scripts).
 */
export function storedFileAnswer(
  context: HandlerContext<Principal>,
  stored: { size: number; stream: Readable },
  file: { name: string; type: string },
): HandlerResult {
  const disposition = attachmentDisposition(file.name);
  context.reply
    .header('Content-Type', file.type)
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
}
