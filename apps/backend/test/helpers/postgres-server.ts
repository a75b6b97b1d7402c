import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './backend-process.js';

const run = promisify(execFile);

/**
 * A PostgreSQL server of its own for a test that stops and restarts it: the server of
 * `scripts/with-postgres.sh` serves every other test file of the run at the same time.
 */
export interface PostgresServer {
  /** URL of its `postgres` database. */
  url: string;
  /** Stops it (`pg_ctl stop -m fast`: every connection is ended, as in a restart). */
  stop(): Promise<void>;
  /** Starts it again, same port and data. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  remove(): Promise<void>;
}

/**
 * The binaries `scripts/with-postgres.sh` used (it exports PG_BINDIR), else the newest
 * Debian ones; null when there are none.
 */
export function postgresBinaries(): string | null {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0]!, 'bin') : null;
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const bindir = postgresBinaries();
  if (!bindir) throw new Error('PostgreSQL binaries not found (PG_BINDIR, /usr/lib/postgresql)');
  const workdir = mkdtempSync(join(tmpdir(), 'portal-pg-own-'));
  const dataDir = join(workdir, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root: as with-postgres.sh, the postgres user runs it then.
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? 'postgres' : userInfo().username;
  if (asRoot) chownSync(workdir, userUid('postgres'), -1);
  const pg = (binary: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bindir, binary), ...args])
      : run(join(bindir, binary), args);
  await pg('initdb', [
    '-D',
    dataDir,
    '-U',
    user,
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
  ]);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${workdir} -c fsync=off`;
  const start = async () => {
    await pg('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      join(workdir, 'server.log'),
      '-w',
      '-o',
      options,
      'start',
    ]);
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  return {
    url: `postgres://${user}@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async remove() {
      await stop().catch(() => undefined);
      rmSync(workdir, { recursive: true, force: true });
    },
  };
}

function userUid(name: string): number {
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((line) => line.startsWith(`${name}:`));
  if (!entry) throw new Error(`no user ${name}`);
  return Number(entry.split(':')[2]);
}
