import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Files whose subject is above or beside the database (the contract layer, headers, documents,
 * file formats, the PGlite data-directory lock): their answers cannot differ between PGlite
 * and PostgreSQL, so the PostgreSQL run (`scripts/with-postgres.sh`, which sets DATABASE_URL)
 * leaves them to the PGlite one instead of running them twice.
 */
const databaseFree = [
  'access-docs',
  'app-routes',
  'contract',
  'cors',
  'data-dir-lock',
  'docs',
  'headers',
  'hydra-docs',
  'multipart-fuzz',
  'seed-images',
  'spreadsheet',
  'validation-messages',
  'zip',
].map((name) => `test/${name}.test.ts`);
/**
 * With `BACKEND_PGLITE_SUITE=embedded` (CI's turbo step: the PostgreSQL run that follows covers
 * every file), PGlite runs the files above plus those whose subject is the embedded database
 * itself: its data directory and configuration seed, the job queue on its one connection,
 * extensions, and the authorization matrix as a smoke test of every operation. PGlite is
 * PostgreSQL compiled to WebAssembly: the same planner and SQL, so the rest would only be run a
 * second time. The demo network's determinism is left to PostgreSQL: the end-to-end suite seeds
 * that network on PGlite anyway.
 */
const embedded = ['authorization-matrix', 'config-seed', 'jobs', 'reminder-digests'].map(
  (name) => `test/${name}.test.ts`,
);
const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;
const embeddedOnly = !onPostgres && process.env.BACKEND_PGLITE_SUITE === 'embedded';

export default defineConfig({
  test: {
    include: embeddedOnly ? [...databaseFree, ...embedded] : ['test/**/*.test.ts'],
    exclude: onPostgres ? databaseFree : [],
    // One seeded database per run, copied by every file (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Vitest leaves a core free by default: one worker on 2 cores. On PostgreSQL a file spends
    // much of its time waiting on the server (another process) or on the job queue's timers, so
    // two workers pay even there (187 s → 120 s on 2 cores, docs/benchmarks/2026-11-26-ci-time.md).
    maxWorkers: onPostgres ? Math.max(2, availableParallelism() - 1) : undefined,
    // Files share their worker's modules: each file still opens its own database, and loading
    // the backend once per worker instead of once per file saves about 150 s a run.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
