/**
 * Load test of the whole stack on loopback (not a test): starts N backend processes on a fresh
 * data directory (PGlite) or on the PostgreSQL of DATABASE_URL (a fresh database in it), signs in
 * as the agent Claire Martin and drives `GET /clients/clients?page=1` with autocannon.
 *
 *   npx tsx scripts/load.ts                                   # PGlite, 1 process
 *   bash scripts/with-postgres.sh npx tsx scripts/load.ts --processes=2
 *   ... --connections=50,200 --duration=60 --url=/clients/clients?page=1
 *   ... --profile=/tmp/prof        # each backend writes a V8 CPU profile there when it stops
 *   ... --source=/tmp/other-backend  # run the backend of another copy of apps/backend (before/after)
 *
 * Besides autocannon's figures, each run reports the CPU time spent per request by the backend
 * processes and, on PostgreSQL, by the database server (its postmaster's children), read from
 * /proc (Linux) before and after the run.
 *
 * Bounded: loopback only, at most 300 connections, 120 s per run and 4 processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_PASSWORD } from '../src/seed/accounts.js';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]),
);
const processes = Math.min(Number(args.processes ?? 1), 4);
const connectionsList = (args.connections ?? '50,200')
  .split(',')
  .map((c) => Math.min(Number(c), 300));
const duration = Math.min(Number(args.duration ?? 60), 120);
const path = args.url ?? '/clients/clients?page=1';
const basePort = Number(args.port ?? 3500);
// The backend to run: this copy of apps/backend, or another one (a before/after comparison).
const backendDir = args.source ?? join(import.meta.dirname, '..');
const serverUrl = process.env.DATABASE_URL;
const engine = serverUrl ? 'PostgreSQL' : 'PGlite';
if (!serverUrl && processes > 1) {
  console.error('PGlite accepts a single process (see the data directory lock).');
  process.exit(2);
}

const dataDir = mkdtempSync(join(tmpdir(), 'portal-load-'));
const children: ChildProcess[] = [];
let databaseName: string | null = null;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function start(index: number, databaseUrl: string | undefined): Promise<void> {
  const port = basePort + index * 2;
  const profile = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/main.ts'], {
    cwd: backendDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl ?? '',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      TRAINING_PORT: String(port + 1),
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '100000',
      LOGIN_IP_RATE_LIMIT: '100000',
      // Only the first process seeds; the others find the users and skip it.
      SEED_SCALE: '1',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return waitFor(`http://127.0.0.1:${port}/public/settings`, child);
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`backend exited (${child.exitCode})`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * CPU time (ms) of a process, or of it and its children (`/proc/PID/stat`): user + system, or
 * the system (kernel) part alone.
 */
function cpuMs(pid: number, withReaped = false, systemOnly = false): number {
  try {
    // The command name may hold spaces: the fields start after its closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime, stime, cutime, cstime are fields 14-17 of stat(5), here 11-14 (0-based).
    const ticks = systemOnly
      ? Number(fields[12])
      : fields.slice(11, withReaped ? 15 : 13).reduce((t, f) => t + Number(f), 0);
    return (ticks * 1000) / CLOCK_TICKS;
  } catch {
    return 0; // Gone, or not Linux.
  }
}
const CLOCK_TICKS = 100;

/** The CPU time of the database server: its postmaster, its live children and those reaped. */
function serverCpuMs(postmaster: number | null): number {
  if (postmaster === null) return 0;
  let total = cpuMs(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === postmaster) total += cpuMs(Number(entry));
    } catch {
      // Ended meanwhile.
    }
  }
  return total;
}

/** The PostgreSQL postmaster's pid, from a backend's parent (same machine: loopback only). */
async function postmasterOf(url: string | undefined): Promise<number | null> {
  if (!url) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const stat = readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(stat[1]);
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}

async function main() {
  let databaseUrl: string | undefined;
  if (serverUrl) {
    databaseName = `load_${Date.now().toString(36)}`;
    await admin(`CREATE DATABASE ${databaseName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  // The first process migrates and seeds; the others start once it answers.
  await start(0, databaseUrl);
  await Promise.all(Array.from({ length: processes - 1 }, (_, i) => start(i + 1, databaseUrl)));
  const origins = children.map((_, i) => `http://127.0.0.1:${basePort + i * 2}`);

  const login = await fetch(`${origins[0]}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'claire.martin@reseau-patrimoine.fr', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const postmaster = await postmasterOf(databaseUrl);
  const backendCpu = () => children.reduce((t, child) => t + cpuMs(child.pid!), 0);
  const backendSystemCpu = () =>
    children.reduce((t, child) => t + cpuMs(child.pid!, false, true), 0);

  console.log(`\n${engine}, ${processes} process(es), GET ${path} as an agent, ${duration} s\n`);
  console.log(
    '| connections | req/s | p50 ms | p95 ms* | p99 ms | timeouts | non-2xx | errors | backend CPU ms/req | of which kernel | PostgreSQL CPU ms/req |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const connections of connectionsList) {
    const before = {
      backend: backendCpu(),
      backendSystem: backendSystemCpu(),
      server: serverCpuMs(postmaster),
    };
    const result = await autocannon({
      // autocannon spreads the connections over several URLs (its types say one string).
      url: origins.map((origin) => `${origin}${path}`) as unknown as string,
      connections,
      duration,
      timeout: 10,
      headers: { authorization: `Bearer ${token}` },
    });
    const l = result.latency as unknown as Record<string, number>;
    const answered = Math.max(1, result.requests.total);
    const perRequest = (ms: number) => (ms / answered).toFixed(2);
    const server = postmaster === null ? '—' : perRequest(serverCpuMs(postmaster) - before.server);
    console.log(
      `| ${connections} | ${result.requests.average.toFixed(0)} | ${l.p50} | ${l.p97_5 ?? l.p90} | ${l.p99} | ${result.timeouts} | ${result.non2xx} | ${result.errors} | ${perRequest(backendCpu() - before.backend)} | ${perRequest(backendSystemCpu() - before.backendSystem)} | ${server} |`,
    );
  }
  console.log(
    '\n* autocannon reports p90 and p97.5, not p95: the column shows p97.5 (an upper bound).',
  );
}

try {
  await main();
} finally {
  stopAll();
  await new Promise((r) => setTimeout(r, 2000));
  if (databaseName) await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
}
