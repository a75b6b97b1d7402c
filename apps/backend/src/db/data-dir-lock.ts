import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * One writer per embedded database: two processes on one PGlite directory both serve and corrupt
 * it (duplicate keys, broken indexes). The lock is a file created with O_EXCL holding the owner's
 * pid; a lock whose pid is dead (a crash, kill -9) is stale and taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly ownerPid: number,
  ) {
    super(
      `Le dossier de données est déjà utilisé par un autre processus (pid ${ownerPid}) : ` +
        `une base PGlite n'accepte qu'un seul serveur. Arrêtez-le, ou choisissez un autre DATA_DIR, ` +
        `ou utilisez PostgreSQL (DATABASE_URL) pour plusieurs processus.\n` +
        `The data directory is already in use by another process (pid ${ownerPid}): an embedded ` +
        `PGlite database accepts a single server. Stop it, choose another DATA_DIR, or use ` +
        `PostgreSQL (DATABASE_URL) to run several processes.\n(${lockFile})`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

export const LOCK_FILE_NAME = 'backend.lock';

export interface LockOptions {
  /** Writes the content of the lock before it is published (a seam for crash tests). */
  write?: (path: string, content: string) => void;
}

/**
 * Creates `file` holding `content`, or throws EEXIST. The content is written to a private
 * temporary file first and published by link(2), which fails when the name exists: nobody ever
 * sees the lock without its pid (an empty lock would read as stale and be taken over).
 */
function publishLock(file: string, content: string, write: LockOptions['write']): void {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    (write ?? ((path, text) => writeFileSync(path, text, { flag: 'wx' })))(temporary, content);
    linkSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** Takes the lock on `dataDir` or throws DataDirLockedError; released on exit. */
export function lockDataDir(dataDir: string, options: LockOptions = {}): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE_NAME);
  const content = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date() });
  // Two attempts: the second one follows the removal of a stale lock.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      publishLock(file, content + '\n', options.write);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (ownerOf(file) === process.pid) unlinkSync(file);
      };
      process.on('exit', release);
      return { file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerOf(file);
      if (owner !== null && owner !== process.pid && isAlive(owner))
        throw new DataDirLockedError(file, owner);
      // Stale (dead owner, or unreadable content from a version that wrote it in place).
      try {
        unlinkSync(file);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
    }
  }
  // Another process took the lock between our removal of the stale one and our retry.
  throw new DataDirLockedError(file, ownerOf(file) ?? -1);
}

function ownerOf(file: string): number | null {
  try {
    const { pid } = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown };
    return typeof pid === 'number' && Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
