import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join, posix, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Crash-safe files: a file is written under a temporary name in its final folder, its database
 * row commits, and only then is it renamed to its final name (one atomic rename in one folder).
 * A crash at any point leaves either nothing under a final name, or a temporary file that
 * `sweepFolder` finishes (its row committed) or removes (it did not). Reused by every feature
 * that stores files: pictures today, prospects' documents, libraries and invoices next.
 */

const TEMP_SUFFIX = '.part';
/** How many first bytes are kept in memory, to sniff the type. */
const HEAD_BYTES = 64;

export interface StagedFile {
  /** Folder relative to the files root, e.g. `images/uploads`. */
  readonly folder: string;
  /** Random 128-bit name without extension; the final name is `${stem}.${extension}`. */
  readonly stem: string;
  readonly size: number;
  /** The first bytes of the content. */
  readonly head: Buffer;
  /** `folder/stem.extension`: the path to store in the row before `commit`. */
  finalPath(extension: string): string;
  /** Renames the temporary file to `finalPath(extension)`; call once the row has committed. */
  commit(extension: string): Promise<void>;
  /** Removes the temporary file (refused, failed or interrupted upload); never throws. */
  discard(): Promise<void>;
  readonly settled: boolean;
}

export class FileTooLargeError extends Error {
  constructor() {
    super('file too large');
  }
}

/** The absolute path of `relative` under `root`, or null when it would leave it. */
export function insideRoot(root: string, relative: string): string | null {
  const base = resolve(root);
  const target = resolve(base, relative);
  return target.startsWith(base + sep) ? target : null;
}

function staged(root: string, folder: string, stem: string, size: number, head: Buffer) {
  const tempPath = join(root, folder, `.${stem}${TEMP_SUFFIX}`);
  let settled = false;
  const file: StagedFile = {
    folder,
    stem,
    size,
    head,
    finalPath: (extension) => posix.join(folder, `${stem}.${extension}`),
    async commit(extension) {
      if (settled) throw new Error('staged file already settled');
      settled = true;
      await rename(tempPath, join(root, folder, `${stem}.${extension}`));
    },
    async discard() {
      if (settled) return;
      settled = true;
      await unlink(tempPath).catch(() => undefined);
    },
    get settled() {
      return settled;
    },
  };
  return file;
}

async function newStem(root: string, folder: string) {
  await mkdir(join(root, folder), { recursive: true });
  return randomBytes(16).toString('hex');
}

/**
 * Streams `source` into a temporary file of `folder` (under `root`), at most `maxBytes`: beyond
 * that it stops, removes the file and throws FileTooLargeError. Any stream error removes it too.
 */
export async function stageStream(
  root: string,
  folder: string,
  source: Readable,
  maxBytes: number,
): Promise<StagedFile> {
  const stem = await newStem(root, folder);
  const tempPath = join(root, folder, `.${stem}${TEMP_SUFFIX}`);
  let size = 0;
  let head = Buffer.alloc(0);
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new FileTooLargeError());
      if (head.length < HEAD_BYTES)
        head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, createWriteStream(tempPath, { flags: 'wx' }));
  } catch (error) {
    await unlink(tempPath).catch(() => undefined);
    throw error;
  }
  return staged(root, folder, stem, size, head);
}

/** Stages generated content (invoices, exports) the same way. */
export async function stageBuffer(root: string, folder: string, data: Buffer): Promise<StagedFile> {
  const stem = await newStem(root, folder);
  await writeFile(join(root, folder, `.${stem}${TEMP_SUFFIX}`), data, { flag: 'wx' });
  return staged(root, folder, stem, data.length, data.subarray(0, HEAD_BYTES));
}

/**
 * Runs `record` (the transaction that stores `file.finalPath(extension)`), then renames the file;
 * when `record` fails the file is discarded. The row commits first, so a crash never leaves a
 * served name without its row.
 */
export async function commitWithRow<T>(
  file: StagedFile,
  extension: string,
  record: (path: string) => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await record(file.finalPath(extension));
  } catch (error) {
    await file.discard();
    throw error;
  }
  await file.commit(extension);
  return result;
}

export interface SweepResult {
  /** Temporary files whose row had committed: renamed to their final name. */
  finished: string[];
  /** Temporary files without a row and files no row refers to: removed. */
  removed: string[];
}

/**
 * Cleans `folder` after a crash. `referenced` answers which of the given relative paths some row
 * still refers to. Temporary files younger than `tempGraceMs` are left alone: with several
 * processes on one PostgreSQL, another process may be writing them right now.
 */
export async function sweepFolder(
  root: string,
  folder: string,
  referenced: (paths: string[]) => Promise<Set<string>>,
  { tempGraceMs = 60 * 60 * 1000, now = Date.now() } = {},
): Promise<SweepResult> {
  const result: SweepResult = { finished: [], removed: [] };
  const names = await readdir(join(root, folder)).catch(() => [] as string[]);
  const finals = names.filter((n) => !n.endsWith(TEMP_SUFFIX) && !n.startsWith('.'));
  const temps = names.filter((n) => n.startsWith('.') && n.endsWith(TEMP_SUFFIX));
  const byStem = new Map<string, string>();
  for (const name of finals) byStem.set(name.replace(/\..*$/, ''), name);

  const candidates = finals.map((n) => posix.join(folder, n));
  const used = await referenced(candidates);
  for (const path of candidates) {
    if (used.has(path)) continue;
    await unlink(join(root, path)).catch(() => undefined);
    result.removed.push(path);
  }

  for (const name of temps) {
    const absolute = join(root, folder, name);
    const info = await stat(absolute).catch(() => null);
    if (!info || now - info.mtimeMs < tempGraceMs) continue;
    const stem = name.slice(1, -TEMP_SUFFIX.length);
    // A committed row names `${stem}.${extension}`: find it among the referenced paths.
    const rows = await referencedByStem(folder, stem, referenced);
    if (rows && !byStem.has(stem)) {
      await rename(absolute, join(root, rows));
      result.finished.push(rows);
    } else {
      await unlink(absolute).catch(() => undefined);
      result.removed.push(posix.join(folder, name));
    }
  }
  return result;
}

const KNOWN_EXTENSIONS = ['png', 'jpg', 'gif', 'webp', 'pdf', 'xlsx', 'docx', 'zip'];

async function referencedByStem(
  folder: string,
  stem: string,
  referenced: (paths: string[]) => Promise<Set<string>>,
): Promise<string | null> {
  const candidates = KNOWN_EXTENSIONS.map((e) => posix.join(folder, `${stem}.${e}`));
  const found = await referenced(candidates);
  return candidates.find((c) => found.has(c)) ?? null;
}
