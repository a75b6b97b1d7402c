import type { Readable } from 'node:stream';
import type { Principal } from '../auth/principal.js';
import type { HandlerContext, HandlerResult } from '../contract.js';
import type { FileStorage } from '../files/storage.js';
import { storedItem, zipFiles } from '../files/zip.js';
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

/**
 * Stored files as one zip attachment, streamed: each file is read when its turn comes, one at a
 * time (memory does not grow with the zip), and one gone meanwhile is left out. `level`: the
 * deflate level (1 for content already compressed, such as PDFs).
 */
export function storedZipAttachment(
  context: HandlerContext<Principal>,
  storage: FileStorage,
  fileName: string,
  files: { key: string; name: string }[],
  options: { level?: number } = {},
): HandlerResult {
  const items = files.map((file) => storedItem(storage, file.key, file.name));
  context.reply.header('Content-Type', 'application/zip');
  context.reply.header('Content-Disposition', attachmentDisposition(fileName));
  return { status: 200, body: zipFiles(items, options) };
}
