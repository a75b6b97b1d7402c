import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './storage.js';

/**
 * The file store's half of a backup (`deploy/backup.sh`; the database's half is pg_dump): every
 * stored file copied to a local folder under its key, and back into an empty store on restore,
 * through the backend's own storage, so the same commands serve DATA_DIR/files and a bucket.
 * Temporary files of uploads under way (`.stem.part`) are left out: their rows never committed.
 */

const isTemporary = (key: string) => key.split('/').some((segment) => segment.startsWith('.'));

/** Every key of the store, recursively. */
export async function storedKeys(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  let paginationToken: string | undefined;
  do {
    const page = await storage.disk.listAll('', { recursive: true, paginationToken });
    for (const object of page.objects) if (!object.isDirectory) keys.push(object.key);
    paginationToken = page.paginationToken;
  } while (paginationToken);
  return keys.filter((key) => !isTemporary(key)).sort();
}

/** Copies every stored file into `folder`; answers how many. */
export async function backupFiles(storage: FileStorage, folder: string): Promise<number> {
  const keys = await storedKeys(storage);
  for (const key of keys) {
    const stored = await storage.read(key);
    if (!stored) continue;
    const target = join(folder, ...key.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await pipeline(stored.stream, createWriteStream(target, { flags: 'wx' }));
  }
  return keys.length;
}

async function filesOf(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** Puts every file of `folder` back under its key; answers how many. */
export async function restoreFiles(storage: FileStorage, folder: string): Promise<number> {
  const keys = await filesOf(folder);
  for (const key of keys) {
    const source = join(folder, ...key.split('/'));
    const { size } = await stat(source);
    await storage.disk.putStream(key, createReadStream(source), { contentLength: size });
  }
  return keys.length;
}
