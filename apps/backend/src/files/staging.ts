import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { posix } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PROCESS_ID } from '../maintenance/processes.js';
import type { FileStorage } from './storage.js';

/**
 * Crash-safe files: a file is stored under a temporary key in its final folder
 * (`folder/.stem.part`), its database row commits, and only then does it get its final key
 * (`folder/stem.ext`). A crash at any point leaves either nothing under a final key, or a
 * temporary object that `sweepFolder` finishes (its row committed) or removes (it did not).
 * Reused by every feature that stores files: pictures today, prospects' documents, libraries
 * and invoices next.
 *
 * The same steps hold on both drivers of `FileStorage`. On local disk the upload is written in
 * place as the temporary file and renamed (one atomic rename). With S3 it is first written to a
 * private local file (to cap its size and learn its length: a PutObject needs it), then put
 * under the temporary key *before* the row commits, and copied to its final key after: the
 * object is in the shared bucket before any row names it, so any process's sweep can finish it
 * after a crash (writing it only after the commit would lose it with the machine that crashed),
 * and a PutObject or CopyObject is never seen half-written (nothing truncated).
 */

const TEMP_SUFFIX = '.part';
/** Temporary names carry their writer: `.stem.process.part` (`maintenance/processes.ts`). */
const OWNED_TEMP = /^\.([0-9a-f]+)\.([0-9a-f]+)\.part$/;
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
  /** The content, read back from the file storage. */
  open(): Promise<Readable>;
  /** Moves the temporary file to `finalPath(extension)`; call once the row has committed. */
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

/**
 * The served key of a stored file, `folder/stem.extension`: the stem is 32 hex digits (128
 * random bits for an upload), the form the media routes accept. The demo seed names its files
 * with it too.
 */
export const storedFileKey = (folder: string, stem: string, extension: string) =>
  posix.join(folder, `${stem}.${extension}`);

const tempKey = (folder: string, stem: string) =>
  posix.join(folder, `.${stem}.${PROCESS_ID}${TEMP_SUFFIX}`);

/** The stem and the writing process of a temporary name (older names carry no process). */
function parseTempName(name: string): { stem: string; owner: string | null } {
  const owned = OWNED_TEMP.exec(name);
  if (owned) return { stem: owned[1]!, owner: owned[2]! };
  return { stem: name.slice(1, -TEMP_SUFFIX.length), owner: null };
}

function staged(storage: FileStorage, folder: string, stem: string, size: number, head: Buffer) {
  let settled = false;
  // Every caller of discard waits for the one removal: none answers before the file is gone.
  let discarded: Promise<void> | null = null;
  const file: StagedFile = {
    folder,
    stem,
    size,
    head,
    finalPath: (extension) => storedFileKey(folder, stem, extension),
    async open() {
      const found = await storage.read(tempKey(folder, stem));
      if (!found) throw new Error('staged file missing');
      return found.stream;
    },
    async commit(extension) {
      if (settled) throw new Error('staged file already settled');
      settled = true;
      await storage.rename(tempKey(folder, stem), file.finalPath(extension));
    },
    discard() {
      if (discarded) return discarded;
      if (settled) return Promise.resolve();
      settled = true;
      discarded = storage.delete(tempKey(folder, stem)).catch(() => undefined);
      return discarded;
    },
    get settled() {
      return settled;
    },
  };
  return file;
}

const newStem = () => randomBytes(16).toString('hex');

/**
 * Streams `source` into a temporary file of `folder`, at most `maxBytes`: beyond that it stops,
 * removes the file and throws FileTooLargeError. Any stream error removes it too. The content
 * goes through a local file on disk, never whole into memory.
 */
export async function stageStream(
  storage: FileStorage,
  folder: string,
  source: Readable,
  maxBytes: number,
): Promise<StagedFile> {
  const stem = newStem();
  const key = tempKey(folder, stem);
  const localPath = await storage.incomingPath(key);
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
  const sink = createWriteStream(localPath, { flags: 'wx' });
  try {
    await pipeline(source, meter, sink);
  } catch (error) {
    // A source that fails at once fails the pipeline before the file is even open: removed
    // then, it would be created right after. Wait until the sink is closed.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    await unlink(localPath).catch(() => undefined);
    throw error;
  }
  await storage.store(localPath, key, size);
  return staged(storage, folder, stem, size, head);
}

/** Stages generated content (invoices, exports) the same way. */
export async function stageBuffer(
  storage: FileStorage,
  folder: string,
  data: Buffer,
): Promise<StagedFile> {
  const stem = newStem();
  await storage.put(tempKey(folder, stem), data);
  return staged(storage, folder, stem, data.length, data.subarray(0, HEAD_BYTES));
}

/**
 * Runs `record` (the transaction that stores `file.finalPath(extension)`), then moves the file;
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

export interface SweepOptions {
  /** A temporary file older than this is an orphan whoever wrote it (a stalled upload). */
  tempGraceMs?: number;
  now?: number;
  /**
   * The processes alive right now: a temporary file written by any other process is an orphan
   * of a crash at once. Without it, only age counts.
   */
  liveProcesses?: Set<string>;
}

/**
 * Cleans `folder` after a crash. `referenced` answers which of the given relative paths some row
 * still refers to. A temporary file is left alone while the process writing it is alive and it
 * is younger than `tempGraceMs`: with several processes on one PostgreSQL, another process may
 * be writing it right now.
 */
export async function sweepFolder(
  storage: FileStorage,
  folder: string,
  referenced: (paths: string[]) => Promise<Set<string>>,
  { tempGraceMs = 60 * 60 * 1000, now = Date.now(), liveProcesses }: SweepOptions = {},
): Promise<SweepResult> {
  const result: SweepResult = { finished: [], removed: [] };
  const entries = await storage.list(folder);
  const finals = entries.filter((e) => !e.name.endsWith(TEMP_SUFFIX) && !e.name.startsWith('.'));
  const temps = entries.filter((e) => e.name.startsWith('.') && e.name.endsWith(TEMP_SUFFIX));
  const byStem = new Map<string, string>();
  for (const { name } of finals) byStem.set(name.replace(/\..*$/, ''), name);

  const candidates = finals.map((e) => posix.join(folder, e.name));
  const used = await referenced(candidates);
  for (const path of candidates) {
    if (used.has(path)) continue;
    await storage.delete(path).catch(() => undefined);
    result.removed.push(path);
  }

  for (const { name, lastModified } of temps) {
    const { stem, owner } = parseTempName(name);
    const writerAlive = owner === null || !liveProcesses || liveProcesses.has(owner);
    if (writerAlive && now - lastModified.getTime() < tempGraceMs) continue;
    const key = posix.join(folder, name);
    // A committed row names `${stem}.${extension}`: find it among the referenced paths.
    const rows = await referencedByStem(folder, stem, referenced);
    if (rows && !byStem.has(stem)) {
      // Another process's sweep may have finished it first.
      const moved = await storage.rename(key, rows).then(
        () => true,
        () => false,
      );
      if (moved) result.finished.push(rows);
    } else {
      await storage.delete(key).catch(() => undefined);
      result.removed.push(key);
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
  const candidates = KNOWN_EXTENSIONS.map((e) => storedFileKey(folder, stem, e));
  const found = await referenced(candidates);
  return candidates.find((c) => found.has(c)) ?? null;
}
