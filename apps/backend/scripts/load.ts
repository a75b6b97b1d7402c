/**
 * Load test of the whole stack on loopback (not a test): starts N backend processes on a fresh
 * data directory (PGlite) or on the PostgreSQL of DATABASE_URL (a fresh database in it), signs in
 * as the agent Claire Martin and drives `GET /clients/clients?page=1` with autocannon.
 *
 *   npx tsx scripts/load.ts                                   # PGlite, 1 process
 *   bash scripts/with-postgres.sh npx tsx scripts/load.ts --processes=2
 *   ... --connections=50,200 --duration=60 --url=/clients/clients?page=1
 *   ... --profile=/tmp/prof        # each backend writes a V8 CPU profile there when it stops
 *
 * Bounded: loopback only, at most 300 connections, 120 s per run and 4 processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
    cwd: join(import.meta.dirname, '..'),
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

  console.log(`\n${engine}, ${processes} process(es), GET ${path} as an agent, ${duration} s\n`);
  console.log('| connections | req/s | p50 ms | p95 ms* | p99 ms | timeouts | non-2xx | errors |');
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const connections of connectionsList) {
    const result = await autocannon({
      // autocannon spreads the connections over several URLs (its types say one string).
      url: origins.map((origin) => `${origin}${path}`) as unknown as string,
      connections,
      duration,
      timeout: 10,
      headers: { authorization: `Bearer ${token}` },
    });
    const l = result.latency as unknown as Record<string, number>;
    console.log(
      `| ${connections} | ${result.requests.average.toFixed(0)} | ${l.p50} | ${l.p97_5 ?? l.p90} | ${l.p99} | ${result.timeouts} | ${result.non2xx} | ${result.errors} |`,
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
