// The generator's own test: scaffolds a throwaway area into the tree, checks that the scaffold
// passes lint (ESLint on its files, Redocly on the bundled contract), type check (tsc on the
// touched packages, limited to the scaffold's files and what they import), its own screen test
// and (NEW_AREA_BACKEND=1) its backend test, then puts every file back as it was. Run it alone:
//   timeout 900 npx vitest run scripts/new-area.test.ts
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain Node script, without type declarations.
import { plan, scaffold } from './new-area.mjs';

const root = join(import.meta.dirname, '..');
const run = promisify(execFile);
const AREA = 'scaffold-probe';
const GENERATED = ['packages/api/openapi/main.yaml', 'packages/api/src/generated/main.ts'];
const TSCONFIG = 'tsconfig.scaffold-probe.json';

/** Each touched package: the scaffold's files there, for tsc and ESLint. */
const PACKAGES: Record<string, { tsc: string[]; lint: string[] }> = {
  'packages/api': { tsc: [`src/${AREA}.ts`], lint: [`src/${AREA}.ts`] },
  'packages/features': {
    tsc: [
      'vitest.setup.ts',
      `src/${AREA}/${AREA}-page.test.tsx`,
      `src/${AREA}/index.ts`,
      'src/paths/index.ts',
    ],
    lint: [`src/${AREA}`, `src/paths/${AREA}.ts`, 'src/paths/index.ts'],
  },
  'apps/backend': {
    tsc: [
      'src/handlers/index.ts',
      'test/matrix/examples.ts',
      'src/seed/component-catalogue.ts',
      `test/${AREA}.test.ts`,
    ],
    lint: [
      `src/resources/${AREA}.ts`,
      `src/handlers/${AREA}.ts`,
      'src/handlers/index.ts',
      'src/seed/component-catalogue.ts',
      `test/matrix/examples/${AREA}.ts`,
      'test/matrix/examples.ts',
      `test/${AREA}.test.ts`,
    ],
  },
  'apps/agent': {
    tsc: ['src/screens.tsx'],
    lint: ['src/screens.tsx'],
  },
};

const saved = new Map<string, string>();
let created: string[] = [];

/** Runs the checks two at a time (the machine is shared). */
async function inPairs(tasks: (() => Promise<unknown>)[]) {
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await task();
  };
  await Promise.all([worker(), worker()]);
}

const bin = (pkg: string, name: string) =>
  [join(root, pkg, 'node_modules/.bin', name), join(root, 'node_modules/.bin', name)].find(
    existsSync,
  )!;

async function check(pkg: string, tool: string, args: string[]) {
  try {
    await run(bin(pkg, tool), args, { cwd: join(root, pkg), maxBuffer: 10_000_000 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${tool} in ${pkg} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

// CI runs it niced beside the end-to-end flows (scripts/test.sh), on what they leave of a core.
describe('node scripts/new-area.mjs', { timeout: 600_000 }, () => {
  beforeAll(() => {
    const { edited } = plan({ name: AREA, app: 'agent' });
    for (const file of [...Object.keys(edited), ...GENERATED])
      saved.set(file, readFileSync(join(root, file), 'utf8'));
    created = Object.keys(plan({ name: AREA, app: 'agent' }).created);
    for (const pkg of Object.keys(PACKAGES)) created.push(`${pkg}/${TSCONFIG}`);
    scaffold({ name: AREA, app: 'agent', title: 'Sonde du générateur', generate: true });
  }, 300_000);

  afterAll(() => {
    for (const file of created) rmSync(join(root, file), { force: true });
    rmSync(join(root, 'packages/features/src', AREA), { recursive: true, force: true });
    for (const [file, text] of saved) writeFileSync(join(root, file), text);
  });

  it('wires the area into every registry', () => {
    const read = (file: string) => readFileSync(join(root, file), 'utf8');
    expect(read('packages/features/src/paths/index.ts')).toContain('scaffoldProbe.agentRoutes');
    expect(read('apps/backend/src/handlers/index.ts')).toContain('scaffoldProbeHandlers(deps)');
    expect(read('apps/backend/src/seed/component-catalogue.ts')).toContain(
      "landing('scaffold_probe_page', 'Sonde du générateur', A)",
    );
    expect(read('apps/backend/test/matrix/examples.ts')).toContain('scaffoldProbeExamples,');
    expect(read('packages/api/src/generated/main.ts')).toContain('listScaffoldProbe');
    expect(JSON.parse(read('packages/features/package.json')).exports['./scaffold-probe']).toBe(
      './src/scaffold-probe/index.ts',
    );
  });

  it('passes lint, type check, its own screen test and its backend test', async () => {
    const tasks: (() => Promise<unknown>)[] = [];
    for (const [pkg, files] of Object.entries(PACKAGES)) {
      writeFileSync(
        join(root, pkg, TSCONFIG),
        JSON.stringify({ extends: './tsconfig.json', include: [], files: files.tsc }),
      );
      tasks.push(() => check(pkg, 'tsc', ['--noEmit', '-p', TSCONFIG]));
      tasks.push(() => check(pkg, 'eslint', ['--max-warnings=0', ...files.lint]));
    }
    tasks.push(() =>
      check('packages/api', 'redocly', ['lint', 'openapi/main.yaml', '--format=stylish']),
    );
    tasks.push(() => check('packages/features', 'vitest', ['run', `src/${AREA}`]));
    // The backend answers the list, and the docs and route checks know the new component:
    // about 25 s more, so only with NEW_AREA_BACKEND=1 (the matrix example runs in the
    // authorization matrix of the area's real commit).
    if (process.env.NEW_AREA_BACKEND === '1')
      tasks.push(() =>
        check('apps/backend', 'vitest', [
          'run',
          `test/${AREA}.test.ts`,
          'test/access-docs.test.ts',
          'test/app-routes.test.ts',
        ]),
      );
    await inPairs(tasks);
  });
});
