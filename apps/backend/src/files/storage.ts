import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Disk } from 'flydrive';
import { FSDriver } from 'flydrive/drivers/fs';
import { S3Driver } from 'flydrive/drivers/s3';
import type { Config } from '../config.js';
import { PROCESS_ID } from '../maintenance/processes.js';

/**
 * Where stored files live, behind flydrive: DATA_DIR/files on local disk by default, an
 * S3-compatible bucket when S3_BUCKET is set. Keys are relative paths (`images/uploads/x.png`),
 * the same on both drivers and the same as the `file_path` columns. Everything that stores or
 * serves files goes through here (uploads, staging, the start-up sweep, /media), so prospects'
 * documents, libraries and invoices can use it as they are.
 */
export interface FileStorage {
  readonly kind: 'fs' | 's3';
  /** The flydrive disk, for what this module does not wrap. */
  readonly disk: Disk;
  /**
   * A local path to write a file that `store` will then put under `key`: the key's own path on
   * local disk (nothing to move), a private file under DATA_DIR/incoming with S3.
   */
  incomingPath(key: string): Promise<string>;
  /** Puts the complete local file written at `incomingPath(key)` under `key`. */
  store(localPath: string, key: string, size: number): Promise<void>;
  /** Writes generated content under `key`. */
  put(key: string, data: Buffer): Promise<void>;
  /** Gives the object `from` the name `to`, as one atomic step seen from readers. */
  rename(from: string, to: string): Promise<void>;
  /** Removes `key`; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** The files directly in `folder` (not below), with their last modification time. */
  list(folder: string): Promise<StoredEntry[]>;
  /** The object's size and a stream of its content, or null when there is none. */
  read(key: string): Promise<{ size: number; stream: Readable } | null>;
  /** Whether `key` is stored (a folder of that name is not). */
  exists(key: string): Promise<boolean>;
  /** Throws when the store cannot be reached: its folder missing or read-only, its bucket not answering. */
  check(): Promise<void>;
  /**
   * Removes local leftovers of uploads cut short by a crash (S3 only): those of a process not
   * in `liveProcesses` at once, any older than `graceMs`.
   */
  sweepIncoming(graceMs: number, liveProcesses?: Set<string>): Promise<number>;
}

export interface StoredEntry {
  /** The name inside the folder. */
  name: string;
  lastModified: Date;
}

export const filesRoot = (dataDir: string) => resolve(dataDir, 'files');

export function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): FileStorage {
  const settings = config.storage;
  if (settings.kind === 'fs') return fsStorage(filesRoot(config.dataDir));
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: S3-compatible servers (s3rver, older MinIO, some
    // clouds) refuse the SDK's default CRC32 trailers on every PutObject.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
  const disk = new Disk(
    new S3Driver({ client, bucket: settings.bucket, visibility: 'private', supportsACL: false }),
  );
  return s3Storage(disk, resolve(config.dataDir, 'incoming'), () =>
    client.send(new HeadBucketCommand({ Bucket: settings.bucket })).then(() => undefined),
  );
}

function fsStorage(root: string): FileStorage {
  const disk = new Disk(new FSDriver({ location: root, visibility: 'private' }));
  const pathOf = (key: string) => join(root, key);
  return {
    kind: 'fs',
    async incomingPath(key) {
      await mkdir(dirname(pathOf(key)), { recursive: true });
      return pathOf(key);
    },
    async store() {
      // Written in place by incomingPath.
    },
    ...diskAccess(disk),
    // flydrive's fs `move` is copyFile + unlink: a crash in between could leave a truncated file
    // under its final name. rename(2) within one folder is atomic, so it is used for this step.
    rename: (from, to) => rename(pathOf(from), pathOf(to)),
    async check() {
      // The folder appears with the first file stored: creating it is harmless.
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK);
    },
    sweepIncoming: async () => 0,
  };
}

function s3Storage(disk: Disk, incomingDir: string, headBucket: () => Promise<void>): FileStorage {
  return {
    kind: 's3',
    async incomingPath() {
      await mkdir(incomingDir, { recursive: true });
      return join(incomingDir, `${PROCESS_ID}-${randomBytes(16).toString('hex')}`);
    },
    async store(localPath, key, size) {
      // One PutObject with its length: the object appears whole or not at all.
      try {
        await disk.putStream(key, createReadStream(localPath), { contentLength: size });
      } finally {
        await unlink(localPath).catch(() => undefined);
      }
    },
    ...diskAccess(disk),
    // CopyObject then DeleteObject: the copy is atomic (readers see the whole object or none);
    // a crash before the delete leaves the staged object, which the sweep removes.
    rename: (from, to) => disk.move(from, to),
    check: headBucket,
    async sweepIncoming(graceMs, liveProcesses) {
      const names = await readdir(incomingDir).catch(() => [] as string[]);
      const now = Date.now();
      let removed = 0;
      for (const name of names) {
        const info = await stat(join(incomingDir, name)).catch(() => null);
        const owner = /^([0-9a-f]+)-/.exec(name)?.[1];
        const writerAlive = !owner || !liveProcesses || liveProcesses.has(owner);
        if (!info?.isFile() || (writerAlive && now - info.mtimeMs < graceMs)) continue;
        await unlink(join(incomingDir, name)).catch(() => undefined);
        removed += 1;
      }
      return removed;
    },
  };
}

/** What both storages do alike through flydrive's disk. */
function diskAccess(
  disk: Disk,
): Pick<FileStorage, 'disk' | 'put' | 'delete' | 'list' | 'read' | 'exists'> {
  return {
    disk,
    put: (key, data) => disk.put(key, data),
    delete: (key) => disk.delete(key),
    list: (folder) => listFolder(disk, folder),
    async read(key) {
      // The length, then the stream (on S3 a HEAD then a GET: an object removed in between fails
      // the GET, a 500 once).
      const info = await disk.getMetaData(key).catch(missingAsNull);
      if (!info) return null;
      return { size: info.contentLength, stream: await disk.getStream(key) };
    },
    exists: (key) =>
      disk.getMetaData(key).then(
        () => true,
        (error: unknown) => missingAsNull(error) ?? false,
      ),
  };
}

async function listFolder(disk: Disk, folder: string): Promise<StoredEntry[]> {
  const entries: StoredEntry[] = [];
  let paginationToken: string | undefined;
  do {
    const page = await disk
      .listAll(folder, { recursive: false, paginationToken })
      .catch(missingAsNull);
    if (!page) return entries;
    for (const object of page.objects) {
      if (object.isDirectory) continue;
      // S3 listings carry the metadata; the fs driver reads it with one stat.
      const info = await object.getMetaData().catch(missingAsNull);
      if (info) entries.push({ name: object.name, lastModified: info.lastModified });
    }
    paginationToken = page.paginationToken;
  } while (paginationToken);
  return entries;
}

/** flydrive wraps driver errors; a missing file or object becomes null, anything else throws. */
function missingAsNull(error: unknown): null {
  let cause: unknown = error;
  for (let depth = 0; cause && depth < 4; depth += 1) {
    const e = cause as {
      code?: string;
      name?: string;
      message?: string;
      $metadata?: { httpStatusCode?: number };
      cause?: unknown;
    };
    // A name too long for the file system was never stored either.
    if (['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG'].includes(e.code ?? '')) return null;
    if (e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404)
      return null;
    // A directory under a picture's name (fs driver).
    if (e.message?.startsWith('Cannot get metadata of a directory')) return null;
    cause = e.cause;
  }
  throw error;
}
