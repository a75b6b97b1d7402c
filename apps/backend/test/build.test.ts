import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBackend } from '../scripts/build.js';
import { loadConfig } from '../src/config.js';
import { backendDir } from '../src/paths.js';
import { freePort } from './helpers/backend-process.js';
import { adminQuery } from './helpers/database.js';

/**
 * The compiled backend (`pnpm build`, dist/): built here by the same function into a folder of
 * its own beside dist/ (the bundle finds drizzle/ and node_modules/ from its parent folder), so
 * that the test needs no earlier build step, then run by Node alone as production runs it.
 */
const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;
const METRICS_TOKEN = 'build-test-token-0123456789';

let outdir: string;
let metafile: Metafile;
let buildMs: number;
beforeAll(async () => {
  outdir = mkdtempSync(join(backendDir, '.dist-test-'));
  const started = performance.now();
  metafile = await buildBackend(outdir);
  buildMs = performance.now() - started;
});
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/**
 * The packages an output may load: its static imports followed through the chunks, and the
 * packages it imports on demand (pdf.js); not the chunks it imports on demand (the demo seed).
 */
function packagesLoadedBy(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (!imported.external) {
        if (imported.kind === 'import-statement') visit(imported.path);
      } else if (!imported.path.startsWith('node:') && !builtinModules.includes(imported.path))
        packages.add(imported.path.match(/^(@[^/]+\/[^/]+|[^/]+)/)![1]!);
    }
  };
  visit(relative(backendDir, join(outdir, entry)));
  return packages;
}

const manifest = JSON.parse(readFileSync(join(backendDir, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('the build', () => {
  it('bundles main, migrate and seed in seconds', () => {
    expect(buildMs).toBeLessThan(15_000);
    const outputs = Object.keys(metafile.outputs).map((file) => relative(outdir, file));
    expect(outputs).toEqual(
      expect.arrayContaining(['main.js', 'migrate.js', 'seed.js', 'files-backup.js']),
    );
    // The library's text reader, started as a child process from beside the bundle.
    expect(readdirSync(outdir)).toContain('text-worker.mjs');
    // Only the project's own code is bundled: no package of node_modules.
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.filter((input) => input.includes('node_modules/.pnpm'))).toEqual([]);
    expect(inputs).toContain('src/main.ts');
    // The workspace's TypeScript is bundled (Node could not load it from node_modules).
    expect(inputs.some((input) => input.endsWith('packages/api/src/generated/columns.ts'))).toBe(
      true,
    );
  });

  it('starts with the production dependencies alone: faker and tsx are for development', () => {
    for (const entry of ['main.js', 'migrate.js']) {
      const loaded = [...packagesLoadedBy(entry)];
      expect(loaded.filter((name) => !(name in manifest.dependencies))).toEqual([]);
      expect(loaded).not.toContain('@faker-js/faker');
    }
    expect([...packagesLoadedBy('main.js')]).toEqual(
      expect.arrayContaining(['fastify', 'pg-boss', 'prom-client', 'pino']),
    );
    // pdf.js runs in the library's text reader, a process of its own beside the bundle.
    expect(manifest.dependencies).toHaveProperty('pdfjs-dist');
    expect(readFileSync(join(outdir, 'text-worker.mjs'), 'utf8')).toContain(
      "import('pdfjs-dist/legacy/build/pdf.mjs')",
    );
    expect(manifest.devDependencies).toHaveProperty('@faker-js/faker');
    expect(manifest.devDependencies).toHaveProperty('tsx');
    expect(manifest.dependencies).not.toHaveProperty('tsx');
    // The seed, on demand, does need faker.
    expect([...packagesLoadedBy('seed.js')]).toContain('@faker-js/faker');
  });

  it('decides the start-up defaults: compiled on PostgreSQL neither migrates nor seeds', () => {
    const postgres = { DATABASE_URL: 'postgres://localhost/x', JWT_SECRET: 's' };
    const pglite = { DATABASE_URL: 'memory://', JWT_SECRET: 's' };
    const pick = (env: Record<string, string>, isCompiled: boolean) => {
      const { migrateOnStart, seedOnStart } = loadConfig(env, { isCompiled });
      return { migrateOnStart, seedOnStart };
    };
    expect(pick(postgres, true)).toEqual({ migrateOnStart: false, seedOnStart: false });
    expect(pick(pglite, true)).toEqual({ migrateOnStart: true, seedOnStart: false });
    expect(pick(postgres, false)).toEqual({ migrateOnStart: true, seedOnStart: true });
    expect(pick({ ...postgres, MIGRATE_ON_START: '1', SEED_ON_START: 'true' }, true)).toEqual({
      migrateOnStart: true,
      seedOnStart: true,
    });
    expect(pick({ ...pglite, MIGRATE_ON_START: '0', SEED_ON_START: 'false' }, false)).toEqual({
      migrateOnStart: false,
      seedOnStart: false,
    });
    expect(() => loadConfig({ ...pglite, MIGRATE_ON_START: 'yes' })).toThrow(
      /MIGRATE_ON_START vaut 1, true, 0 ou false/,
    );
    expect(() => loadConfig({ ...pglite, METRICS_TOKEN: 'short' })).toThrow(/16 caractères/);
  });
});

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(entry: string, env: Record<string, string>): Run {
  const child = spawn(process.execPath, [join(outdir, entry)], {
    // Run from elsewhere: nothing may depend on the working directory.
    cwd: tmpdir(),
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => output, exited };
}

async function finished(entry: string, env: Record<string, string>) {
  const started = run(entry, env);
  const timer = setTimeout(() => started.child.kill('SIGKILL'), 90_000);
  const code = await started.exited.finally(() => clearTimeout(timer));
  return { code, output: started.output() };
}

describe('the compiled backend', () => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    if (onPostgres) {
      // A fresh database, not migrated.
      const name = `test_build_${Math.random().toString(36).slice(2, 10)}`;
      await adminQuery(process.env.DATABASE_URL!, `CREATE DATABASE ${name}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-build-'));
      env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
      cleanup = async () => {
        await adminQuery(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        rmSync(dataDir, { recursive: true, force: true });
      };
    } else {
      // The embedded database on disk, in a data directory of its own.
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-build-'));
      env = { DATABASE_URL: '', DATA_DIR: dataDir };
      cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
    }
    env.JWT_SECRET = 'build-test-secret-that-is-long-enough-0123456789';
  });
  afterAll(() => cleanup?.());

  it('refuses to start on a database it would have to migrate, migrates on its own, then serves', async () => {
    const refused = await finished('main.js', { ...env, MIGRATE_ON_START: '0' });
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain("lancez d'abord `node dist/migrate.js`");

    const migrated = await finished('migrate.js', env);
    expect(migrated, migrated.output).toMatchObject({ code: 0 });
    expect(migrated.output).toMatch(/Base de données migrée : \d+ migration\(s\) appliquée\(s\)\./);
    const again = await finished('migrate.js', env);
    expect(again, again.output).toMatchObject({ code: 0 });
    expect(again.output).toContain('Base de données déjà à jour.');

    // The defaults of the compiled backend: no migration on PostgreSQL, no demo seed.
    const [port, trainingPort] = [await freePort(), await freePort()];
    const server = run('main.js', {
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      TRAINING_PORT: String(trainingPort),
      METRICS_TOKEN,
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      await expect
        .poll(
          async () => {
            if (server.child.exitCode !== null)
              throw new Error(`main.js exited (${server.child.exitCode}):\n${server.output()}`);
            return fetch(`${url}/docs/openapi.json`).then(
              (response) => response.status,
              () => 0,
            );
          },
          { timeout: 90_000, interval: 250 },
        )
        .toBe(200);
      // The contract it serves is the package's (read at run time, beside node_modules).
      const document = (await (await fetch(`${url}/docs/openapi.json`)).json()) as {
        paths: object;
      };
      expect(Object.keys(document.paths).length).toBeGreaterThan(100);
      // The reference page's script, served from its package.
      expect((await fetch(`${url}/docs/js/scalar.js`)).status).toBe(200);
      const settings = await fetch(`${url}/public/settings`);
      expect(settings.status).toBe(200);
      expect(settings.headers.get('x-request-id')).toBeTruthy();
      // Not seeded: the demo accounts do not exist.
      const login = await fetch(`${url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@reseau-patrimoine.fr', password: 'Portail2026!' }),
      });
      expect(login.status).toBe(401);
      const metrics = await fetch(`${url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(await metrics.text()).toMatch(
        /portal_http_requests_total\{api="main",operation="getPublicSettings",status="200"\} 1/,
      );
    } finally {
      server.child.kill('SIGTERM');
      const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
      await server.exited.finally(() => clearTimeout(timer));
    }
  }, 240_000);
});
