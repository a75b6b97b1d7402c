/**
 * The compiled backend: `pnpm --filter @portal/backend build` (turbo's `build`) bundles the
 * backend's TypeScript with esbuild into dist/, run by Node alone:
 *
 *   node dist/migrate.js   # the migrations, once, before the processes start
 *   node dist/main.js      # each server process
 *   node dist/seed.js      # the demo seed (development dependencies needed: faker)
 *   node dist/files-backup.js backup|restore DIR   # the file store's half of a backup
 *
 * ESM for Node 20. Only the project's own code is bundled (src/ and the workspace packages it
 * imports, which are TypeScript source); every other package stays in node_modules, loaded at
 * run time. Files read at run time are found from the backend's folder (`src/paths.ts`): dist/
 * must stay beside drizzle/ and node_modules/.
 */
import { copyFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';
import { backendDir } from '../src/paths.js';

/** dist/<name>.js: its source. */
export const ENTRY_POINTS = {
  main: 'src/main.ts',
  migrate: 'src/migrate.ts',
  seed: 'src/seed/cli.ts',
  'files-backup': 'src/files/backup-cli.ts',
} as const;

/** Copied as it is into dist/ (see below). */
export const TEXT_WORKER = 'src/library/text-worker.mjs';

/** The workspace's packages (@portal/*) are bundled; any other bare import stays external. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Writes the bundle into `outdir` (a folder directly under the backend's: see above). */
export async function buildBackend(outdir = join(backendDir, 'dist')): Promise<Metafile> {
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: backendDir,
    entryPoints: Object.fromEntries(
      Object.entries(ENTRY_POINTS).map(([name, source]) => [name, join(backendDir, source)]),
    ),
    outdir,
    bundle: true,
    // What main.js loads only on demand (the demo seed) goes to chunks of its own, beside it.
    splitting: true,
    chunkNames: '[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    // config.ts's `compiled`: the defaults of MIGRATE_ON_START and SEED_ON_START.
    define: { PORTAL_COMPILED: 'true' },
    plugins: [externalPackages],
  });
  // The library's text reader runs as a child process of its own, plain JavaScript found beside
  // the module that starts it (library/text.ts): beside the bundle here.
  copyFileSync(join(backendDir, TEXT_WORKER), join(outdir, 'text-worker.mjs'));
  return result.metafile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const metafile = await buildBackend();
  const files = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.js'));
  const kb = files.reduce((sum, [, output]) => sum + output.bytes, 0) / 1024;
  console.log(
    `dist/ : ${files.length} fichiers JS, ${kb.toFixed(0)} Ko, en ${Math.round(performance.now() - started)} ms ` +
      `(${files.map(([file]) => relative(backendDir, file)).join(', ')})`,
  );
}
