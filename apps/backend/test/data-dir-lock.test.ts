import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir } from '../src/db/data-dir-lock.js';
import { lockEmbeddedDatabase } from '../src/db/startup-lock.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the real entry point on `dataDir` and answers its exit status and output. */
function startBackend(
  dataDir: string,
): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/main.ts'], {
      cwd: join(import.meta.dirname, '..'),
      // DATABASE_URL is emptied: the PostgreSQL run of the suite exports one.
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '0',
        TRAINING_PORT: '0',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: Date.now() - started });
    });
  });
}

describe('one writer per embedded database', () => {
  it('a second start on a locked data directory stops at once, in French and English', async () => {
    const dataDir = freshDir();
    const lock = lockDataDir(dataDir); // held by this (living) test process
    try {
      const { code, output } = await startBackend(dataDir);
      expect(code).toBe(1);
      expect(output).toContain('Le dossier de données est déjà utilisé par un autre processus');
      expect(output).toContain('The data directory is already in use by another process');
      expect(output).toContain(`pid ${process.pid}`);
      // It stopped before opening the database.
      expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    } finally {
      lock.release();
    }
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, 60_000);

  it('refuses a second lock in the same directory and frees it on release', () => {
    const dataDir = freshDir();
    const first = lockDataDir(dataDir);
    // Simulates another living owner: the parent of this process.
    writeFileSync(first.file, JSON.stringify({ pid: process.ppid }));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    writeFileSync(first.file, JSON.stringify({ pid: process.pid }));
    first.release();
    lockDataDir(dataDir).release();
  });

  it('takes over a stale lock left by a crashed process (dead pid)', () => {
    const dataDir = freshDir();
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(join(dataDir, LOCK_FILE_NAME), JSON.stringify({ pid: dead }));
    const lock = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock file a crash left empty', () => {
    const dataDir = freshDir();
    writeFileSync(join(dataDir, LOCK_FILE_NAME), '');
    lockDataDir(dataDir).release();
  });

  it('never shows the lock without its pid: the content is written before the name exists', () => {
    const dir = freshDir();
    const file = join(dir, LOCK_FILE_NAME);
    let wrote = false;
    // Another process looking at the directory while the lock is being written sees nothing,
    // never an empty or half-written lock it would take for stale.
    const lock = lockDataDir(dir, {
      write: (path, content) => {
        writeFileSync(path, content.slice(0, 5), { flag: 'wx' });
        expect(existsSync(file)).toBe(false);
        writeFileSync(path, content);
        wrote = true;
      },
    });
    expect(wrote).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    // A crash while writing leaves no lock and no temporary file behind.
    lock.release();
    expect(() =>
      lockDataDir(dir, {
        write: () => {
          throw new Error('crash mid-write');
        },
      }),
    ).toThrow('crash mid-write');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('does not lock in PostgreSQL mode or for an in-memory PGlite', () => {
    const dataDir = freshDir();
    expect(
      lockEmbeddedDatabase({ dataDir, database: { kind: 'postgres', url: 'postgres://x/y' } }),
    ).toBeNull();
    expect(
      lockEmbeddedDatabase({ dataDir, database: { kind: 'pglite', dataDir: null } }),
    ).toBeNull();
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });
});
