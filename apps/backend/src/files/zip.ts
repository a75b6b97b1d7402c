import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';
import { ZipArchive } from 'archiver';
import yauzl from 'yauzl';
import { HttpError, type Violation } from '../http/errors.js';
import { messages } from '../http/messages.js';
import type { FileStorage } from './storage.js';

/**
 * Zip archives, read and written as streams.
 *
 * Reading (yauzl, lazy entries): the whole central directory is checked before a single byte is
 * inflated — entry count, names (relative, no `..`, no `\`, no drive letter, no control
 * character), duplicates, symlinks and special files, encryption, total inflated size and
 * compression ratio — then each file is inflated as a stream handed to the caller, and the same
 * limits are enforced again on the bytes that come out (sizes and CRC must match what the
 * directory said: headers can lie). Nothing is written to disk here; the caller decides.
 *
 * Writing (archiver): `zipFiles` streams a zip of files opened one at a time (local disk or the
 * file storage), with names made safe and unique (`a.pdf`, `a (2).pdf`).
 *
 * Every refusal is a `ZipRefusal`: a French 422 naming the request field the archive came in.
 */

export interface ZipLimits {
  /** Most entries (files and folders) in the central directory. */
  maxEntries: number;
  /** Most bytes once inflated, all entries together (declared, then counted while streaming). */
  maxTotalBytes: number;
  /** Highest inflated / compressed ratio of an entry, and of the whole archive. */
  maxRatio: number;
  /** The ratio is checked only for an entry (or an archive) inflating to at least this much. */
  ratioFloorBytes: number;
}

export const ZIP_LIMITS: Readonly<ZipLimits> = {
  maxEntries: 10_000,
  maxTotalBytes: 1024 ** 3,
  maxRatio: 100,
  ratioFloorBytes: 1024 ** 2,
};

export interface ZipReadOptions extends Partial<ZipLimits> {
  /** The request field the archive came in, named by the 422 violations (default `file`). */
  field?: string;
  /**
   * Each local header must agree with the central directory (method, sizes, no zip64 field):
   * for archives handed afterwards to a parser that trusts local headers (SheetJS).
   */
  strictLocalHeaders?: boolean;
}

/** A file of the archive, as the central directory describes it (names already checked). */
export interface ZipEntry {
  /** Relative `/`-separated path inside the archive. */
  name: string;
  /** Inflated size in bytes. */
  size: number;
  compressedSize: number;
  lastModified: Date;
}

export type ZipInput = string | Buffer;

export type ZipRefusalReason =
  | 'invalid'
  | 'entries'
  | 'size'
  | 'ratio'
  | 'name'
  | 'duplicate'
  | 'special'
  | 'encrypted'
  | 'unsupported';

/** A 422 on the archive's field; `reason` lets a caller say it in its own words. */
export class ZipRefusal extends HttpError {
  constructor(
    readonly reason: ZipRefusalReason,
    field: string,
    message: string,
  ) {
    const violations: Violation[] = [{ propertyPath: field, message }];
    super(422, `${field}: ${message}`, violations);
    this.name = 'ZipRefusal';
  }
}

/** The longest entry name accepted, in characters. */
const MAX_NAME_LENGTH = 1024;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
/** Hosts whose external attributes carry a Unix mode (Unix, macOS). */
const UNIX_HOSTS = new Set([3, 19]);
const ZIP64_EXTRA_FIELD = 0x0001;
const DATA_DESCRIPTOR_FLAG = 0x0008;

/** A size for people: `512 ko`, `32 Mo`, `1 Go`. */
export function formatBytes(bytes: number): string {
  const format = (value: number) => value.toLocaleString('fr-FR', { maximumFractionDigits: 1 });
  if (bytes >= 1024 ** 3) return `${format(bytes / 1024 ** 3)} Go`;
  if (bytes >= 1024 ** 2) return `${format(bytes / 1024 ** 2)} Mo`;
  return `${format(Math.max(1, Math.round(bytes / 1024)))} ko`;
}

/** A name as it may appear in a French message: control characters shown as `?`, 80 at most. */
function shown(name: string): string {
  let out = '';
  for (const char of name) {
    const code = char.codePointAt(0)!;
    out += code < 0x20 || code === 0x7f ? '?' : char;
  }
  return out.length > 80 ? `${out.slice(0, 79)}…` : out;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Whether an entry name is refused: empty, too long, absolute (`/x`, `C:x`), with a backslash,
 * a control character (NUL included), or a `.`, `..` or empty segment.
 */
export function isUnsafeEntryName(name: string): boolean {
  if (name === '' || name.length > MAX_NAME_LENGTH) return true;
  if (hasControlCharacter(name) || name.includes('\\')) return true;
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return true;
  const path = name.endsWith('/') ? name.slice(0, -1) : name;
  return path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..');
}

/** How names collide on the file systems people extract to (case and Unicode form ignored). */
const collisionKey = (path: string) => path.normalize('NFC').toLowerCase();

const ancestorsOf = (key: string) => {
  const segments = key.split('/');
  return segments.slice(0, -1).map((_, i) => segments.slice(0, i + 1).join('/'));
};

interface Checked {
  entry: yauzl.Entry;
  info: ZipEntry;
  directory: boolean;
}

interface Settings extends ZipLimits {
  field: string;
  strictLocalHeaders: boolean;
}

const settingsOf = (options: ZipReadOptions): Settings => ({
  maxEntries: options.maxEntries ?? ZIP_LIMITS.maxEntries,
  maxTotalBytes: options.maxTotalBytes ?? ZIP_LIMITS.maxTotalBytes,
  maxRatio: options.maxRatio ?? ZIP_LIMITS.maxRatio,
  ratioFloorBytes: options.ratioFloorBytes ?? ZIP_LIMITS.ratioFloorBytes,
  field: options.field ?? 'file',
  strictLocalHeaders: options.strictLocalHeaders ?? false,
});

const refusal = (settings: Settings, reason: ZipRefusalReason, message: string) =>
  new ZipRefusal(reason, settings.field, message);

const invalid = (settings: Settings) => refusal(settings, 'invalid', messages.zipInvalid);

/** yauzl's complaints about the bytes become a 422; failures of the machine (ENOENT…) do not. */
function asRefusal(error: unknown, settings: Settings): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    // zlib's errors (Z_DATA_ERROR, Z_BUF_ERROR…) are about the content; system ones are not.
    if (!error.code.startsWith('Z_')) return error;
  }
  return invalid(settings);
}

async function openZip(source: ZipInput, settings: Settings): Promise<yauzl.ZipFile> {
  const options = {
    lazyEntries: true,
    autoClose: false,
    decodeStrings: false,
    validateEntrySizes: true,
    strictFileNames: true,
  };
  try {
    return typeof source === 'string'
      ? await yauzl.openPromise(source, options)
      : await yauzl.fromBufferPromise(source, options);
  } catch (error) {
    throw asRefusal(error, settings);
  }
}

/**
 * The local header must say what the central directory says (name, method, sizes): SheetJS
 * takes names and sizes from local headers and sizes its output buffer from them, so a lie there
 * would allocate what it claims (5 KiB claiming 1.5 GB: 1.5 GB allocated).
 */
async function checkLocalHeader(zip: yauzl.ZipFile, entry: yauzl.Entry, settings: Settings) {
  const hasZip64Field = (raw: Buffer) => {
    try {
      return yauzl.parseExtraFields(raw).some((field) => field.id === ZIP64_EXTRA_FIELD);
    } catch {
      throw invalid(settings);
    }
  };
  const local = await zip.readLocalFileHeaderPromise(entry).catch((error: unknown) => {
    throw asRefusal(error, settings);
  });
  const described = local.generalPurposeBitFlag & DATA_DESCRIPTOR_FLAG;
  const sameSizes =
    local.uncompressedSize === entry.uncompressedSize &&
    local.compressedSize === entry.compressedSize;
  const deferredSizes = described && local.uncompressedSize === 0 && local.compressedSize === 0;
  if (
    !local.fileName.equals(entry.fileNameRaw) ||
    local.compressionMethod !== entry.compressionMethod ||
    (!sameSizes && !deferredSizes) ||
    hasZip64Field(local.extraField) ||
    entry.extraFields.some((field) => field.id === ZIP64_EXTRA_FIELD)
  )
    throw invalid(settings);
}

function kindOf(entry: yauzl.Entry, name: string): 'file' | 'directory' | 'special' {
  const mode = UNIX_HOSTS.has(entry.versionMadeBy >> 8) ? entry.externalFileAttributes >>> 16 : 0;
  const type = mode & S_IFMT;
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) return 'special';
  return name.endsWith('/') || type === S_IFDIR ? 'directory' : 'file';
}

/** Reads and checks the whole central directory; nothing is inflated. */
async function checkDirectory(zip: yauzl.ZipFile, settings: Settings): Promise<Checked[]> {
  if (zip.entryCount > settings.maxEntries)
    throw refusal(settings, 'entries', messages.zipTooManyEntries(settings.maxEntries));
  const files = new Set<string>();
  const directories = new Set<string>();
  const ancestors = new Set<string>();
  const checked: Checked[] = [];
  let total = 0;
  const entries = zip.eachEntry();
  while (true) {
    let next: IteratorResult<yauzl.Entry>;
    try {
      next = await entries.next();
    } catch (error) {
      throw asRefusal(error, settings);
    }
    if (next.done) break;
    const entry = next.value;
    const name = yauzl.getFileNameLowLevel(
      entry.generalPurposeBitFlag,
      entry.fileNameRaw,
      entry.extraFields,
      true,
    );
    if (isUnsafeEntryName(name))
      throw refusal(settings, 'name', messages.zipUnsafeName(shown(name)));
    const kind = kindOf(entry, name);
    if (kind === 'special')
      throw refusal(settings, 'special', messages.zipSpecialEntry(shown(name)));
    const path = name.endsWith('/') ? name.slice(0, -1) : name;
    const key = collisionKey(path);
    const clash =
      files.has(key) ||
      (kind === 'directory' ? directories.has(key) : ancestors.has(key) || directories.has(key)) ||
      ancestorsOf(key).some((ancestor) => files.has(ancestor));
    if (clash) throw refusal(settings, 'duplicate', messages.zipDuplicateName(shown(path)));
    (kind === 'directory' ? directories : files).add(key);
    for (const ancestor of ancestorsOf(key)) ancestors.add(ancestor);

    if (entry.isEncrypted()) throw refusal(settings, 'encrypted', messages.zipEncrypted);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
      throw refusal(settings, 'unsupported', messages.zipUnsupported);
    if (kind === 'directory' && entry.uncompressedSize > 0) throw invalid(settings);
    total += entry.uncompressedSize;
    if (total > settings.maxTotalBytes)
      throw refusal(settings, 'size', messages.zipTooLarge(formatBytes(settings.maxTotalBytes)));
    if (
      entry.uncompressedSize >= settings.ratioFloorBytes &&
      (entry.compressedSize === 0 ||
        entry.uncompressedSize / entry.compressedSize > settings.maxRatio)
    )
      throw refusal(settings, 'ratio', messages.zipRatio);
    if (settings.strictLocalHeaders) await checkLocalHeader(zip, entry, settings);
    checked.push({
      entry,
      directory: kind === 'directory',
      info: {
        name: path,
        size: entry.uncompressedSize,
        compressedSize: entry.compressedSize,
        lastModified: entry.getLastModDate(),
      },
    });
  }
  if (total >= settings.ratioFloorBytes && total / Math.max(1, zip.fileSize) > settings.maxRatio)
    throw refusal(settings, 'ratio', messages.zipRatio);
  return checked;
}

/**
 * The files of an archive (folders left out) from its central directory alone, once every check
 * above has passed; nothing is inflated.
 */
export async function listZip(source: ZipInput, options: ZipReadOptions = {}): Promise<ZipEntry[]> {
  const settings = settingsOf(options);
  const zip = await openZip(source, settings);
  try {
    return (await checkDirectory(zip, settings)).filter((c) => !c.directory).map((c) => c.info);
  } finally {
    zip.close();
  }
}

/** Counts what comes out of an entry: no more than declared, the same CRC, the running total. */
class EntryGuard extends Transform {
  private bytes = 0;
  private crc = 0;

  constructor(
    private readonly entry: yauzl.Entry,
    private readonly totals: { bytes: number },
    private readonly settings: Settings,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    this.totals.bytes += chunk.length;
    if (this.totals.bytes > this.settings.maxTotalBytes)
      return callback(
        refusal(
          this.settings,
          'size',
          messages.zipTooLarge(formatBytes(this.settings.maxTotalBytes)),
        ),
      );
    if (this.bytes > this.entry.uncompressedSize) return callback(invalid(this.settings));
    this.crc = crc32(chunk, this.crc);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    if (this.bytes !== this.entry.uncompressedSize || this.crc !== this.entry.crc32)
      return callback(invalid(this.settings));
    callback();
  }
}

/**
 * Reads an archive (a local path, or its bytes): checks the whole central directory (see
 * `ZipReadOptions`), then hands each file, in order, to `onEntry` with a stream of its inflated
 * content. The stream fails with a `ZipRefusal` (422) when the content is not what the directory
 * declared or goes over the limits; a stream `onEntry` leaves unread is dropped. Folders are not
 * handed over. Resolves with the number of files and bytes handed over.
 */
export async function readZip(
  source: ZipInput,
  options: ZipReadOptions,
  onEntry: (entry: ZipEntry, stream: Readable) => Promise<void>,
): Promise<{ files: number; bytes: number }> {
  const settings = settingsOf(options);
  const zip = await openZip(source, settings);
  const totals = { bytes: 0 };
  let files = 0;
  try {
    const checked = await checkDirectory(zip, settings);
    for (const { entry, info, directory } of checked) {
      if (directory) continue;
      const raw = await zip.openReadStreamPromise(entry).catch((error: unknown) => {
        throw asRefusal(error, settings);
      });
      const guard = new EntryGuard(entry, totals, settings);
      let failure: unknown = null;
      guard.on('error', (error) => (failure ??= error));
      guard.on('close', () => raw.destroy());
      raw.on('error', (error) => guard.destroy(asRefusal(error, settings) as Error));
      raw.pipe(guard);
      try {
        await onEntry(info, guard);
      } finally {
        if (!guard.readableEnded) guard.destroy();
      }
      if (failure) throw failure;
      files += 1;
    }
    return { files, bytes: totals.bytes };
  } finally {
    zip.close();
  }
}

/** A file to put in an archive: its name there, and how to open its content when its turn comes. */
export interface ZipItem {
  /** Path in the archive; made safe and unique by `zipFiles`. */
  name: string;
  /** The content, opened only when the entry is written; null leaves the entry out. */
  open: () => Promise<Readable | null>;
  lastModified?: Date;
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;
const FORBIDDEN_CHARACTERS = /[<>:"|?*]/g;
const MAX_SEGMENT_LENGTH = 200;

function safeSegment(segment: string): string {
  let out = '';
  for (const char of segment) {
    const code = char.codePointAt(0)!;
    if (code >= 0x20 && code !== 0x7f) out += char;
  }
  out = out
    .replace(FORBIDDEN_CHARACTERS, '_')
    .trim()
    .replace(/[. ]+$/, '');
  if (out === '' || out === '.' || out === '..') return '';
  if (WINDOWS_RESERVED.test(out)) out = `_${out}`;
  if (out.length > MAX_SEGMENT_LENGTH) {
    const dot = out.lastIndexOf('.');
    const extension = dot > 0 && out.length - dot <= 16 ? out.slice(dot) : '';
    out = out.slice(0, MAX_SEGMENT_LENGTH - extension.length) + extension;
  }
  return out;
}

/**
 * A relative path safe to extract anywhere: `\` read as `/`, no drive letter, no leading `/`,
 * no `.`/`..`/empty segment, no control character, no character Windows refuses, no reserved
 * Windows name; `fichier` when nothing is left.
 */
export function safeEntryName(name: string): string {
  const segments = name
    .normalize('NFC')
    .replace(/\\/g, '/')
    .replace(/^[a-zA-Z]:/, '')
    .split('/')
    .map(safeSegment)
    .filter((segment) => segment !== '');
  return segments.length ? segments.join('/') : 'fichier';
}

/** `a.pdf` → `a (2).pdf`; `notes` → `notes (2)`. */
function numbered(segment: string, n: number): string {
  const dot = segment.lastIndexOf('.');
  return dot > 0 ? `${segment.slice(0, dot)} (${n})${segment.slice(dot)}` : `${segment} (${n})`;
}

/**
 * Gives each name once: the same name again (ignoring case and Unicode form) becomes
 * `name (2).ext`, `name (3).ext`…; a folder that is already a file's name gets numbered as well.
 */
export function uniqueNames(): (name: string) => string {
  const taken = new Map<string, 'file' | 'directory'>();
  return (name) => {
    const segments = safeEntryName(name).split('/');
    const out: string[] = [];
    segments.forEach((segment, i) => {
      const last = i === segments.length - 1;
      const free = (candidate: string) => {
        const kind = taken.get(collisionKey([...out, candidate].join('/')));
        return last ? kind === undefined : kind !== 'file';
      };
      let candidate = segment;
      for (let n = 2; !free(candidate); n++) candidate = numbered(segment, n);
      out.push(candidate);
      taken.set(collisionKey(out.join('/')), last ? 'file' : 'directory');
    });
    return out.join('/');
  };
}

/**
 * A zip of `items`, streamed: each item is opened only when the previous one has been written
 * (one open file or object at a time, whatever the count), names made safe and unique. The
 * stream fails if an item cannot be opened or read; destroying it stops the work.
 */
export function zipFiles(
  items: Iterable<ZipItem> | AsyncIterable<ZipItem>,
  options: { level?: number } = {},
): Readable {
  const archive = new ZipArchive({ zlib: { level: options.level ?? 6 } });
  const take = uniqueNames();
  const stopped = new AbortController();
  archive.once('close', () => stopped.abort());
  const write = async () => {
    for await (const item of items) {
      if (stopped.signal.aborted) return;
      const content = await item.open();
      if (!content) continue;
      if (stopped.signal.aborted) {
        content.destroy();
        return;
      }
      const written = once(archive, 'entry', { signal: stopped.signal });
      archive.append(content, {
        name: take(item.name),
        ...(item.lastModified ? { date: item.lastModified } : {}),
      });
      try {
        await written;
      } catch (error) {
        content.destroy();
        throw error;
      }
    }
    await archive.finalize();
  };
  write().catch((error: unknown) => {
    if (!stopped.signal.aborted) archive.destroy(error as Error);
  });
  return archive;
}

/**
 * The files below `root` (regular files only: symlinks are not followed), named by their path
 * relative to it (under `prefix/` when given), in name order, for `zipFiles`.
 */
export async function folderItems(root: string, prefix = ''): Promise<ZipItem[]> {
  const items: ZipItem[] = [];
  const walk = async (folder: string, path: string) => {
    const entries = await readdir(folder, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const full = join(folder, entry.name);
      const name = path ? `${path}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(full, name);
      else if (entry.isFile()) items.push({ name, open: async () => createReadStream(full) });
    }
  };
  await walk(root, prefix);
  return items;
}

/**
 * A stored file (`FileStorage` key) for `zipFiles`; one gone by its turn fails the archive
 * (a download cut short, never a zip silently without it).
 */
export const storedItem = (storage: FileStorage, key: string, name: string): ZipItem => ({
  name,
  open: async () => {
    const stored = await storage.read(key);
    if (!stored) throw new Error(`Stored file missing: ${key}`);
    return stored.stream;
  },
});
