#!/usr/bin/env node
// A new area in one command: node scripts/new-area.mjs <name> [--app agent|staff]
//   [--title 'Titre français'] [--section <menu section id>] [--no-generate] [--json]
//
// Scaffolds, from the templates of scripts/new-area/templates (the list page is ONE template,
// list-page.tsx.tmpl, on the list recipe: useListScreen + ListScreen + ListFilters + PagedGrid,
// the exemplar list of docs/pattern.md):
//   contract   packages/api/openapi/main/<name>.yaml (GET /<name_snake>, operationId list<Name>:
//              page, itemsPerPage, a label filter, order[label]) and its tag in main/openapi.yaml,
//              then bundles main.yaml and regenerates src/generated/main.ts
//   data       packages/api/src/<name>.ts (key root, list<Name>Query) + its exports entry
//   backend    apps/backend/src/resources/<name>.ts (a resource over example rows),
//              src/handlers/<name>.ts (the handler map, spread in handlers/index.ts), the page's
//              component in seed/component-catalogue.ts, the authorization-matrix example
//              test/matrix/examples/<name>.ts (spread in examples.ts), test/<name>.test.ts
//   screens    packages/features/src/<name>/ (list page, its screen test, MSW handlers,
//              messages.ts, index.ts) + its exports entry
//   route      packages/features/src/paths/<name>.ts (path, component, title, menu, screen,
//              helper) composed in paths/index.ts; the screen's loader in apps/<app>/src/screens.tsx
// Then follow docs/pattern.md to replace the example rows with the area's own.
// Plain Node, no dependency: the registries it edits are found by anchors, and it stops before
// writing anything when one is missing or a file it would create exists.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const templates = join(root, 'scripts', 'new-area', 'templates');

function parseArgs(argv) {
  const options = { app: 'agent', generate: true, json: false };
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--app') options.app = argv[++i];
    else if (arg === '--title') options.title = argv[++i];
    else if (arg === '--section') options.section = argv[++i];
    else if (arg === '--no-generate') options.generate = false;
    else if (arg === '--json') options.json = true;
    else if (arg.startsWith('--')) throw new Error(`Unknown option ${arg}`);
    else rest.push(arg);
  }
  if (rest.length !== 1)
    throw new Error('Usage: node scripts/new-area.mjs <name> [--app agent|staff] [--title …]');
  options.name = rest[0];
  return options;
}

/** The names of an area: `demo-items` -> demoItems, DemoItems, demo_items. */
export function namesOf(kebab) {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(kebab))
    throw new Error(`'${kebab}' is not a kebab-case name (e.g. reminders, demo-items)`);
  const words = kebab.split('-');
  const camel =
    words[0] +
    words
      .slice(1)
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join('');
  return { kebab, camel, pascal: camel[0].toUpperCase() + camel.slice(1), snake: words.join('_') };
}

const fill = (text, values) =>
  text
    .replaceAll('__Name__', values.pascal)
    .replaceAll('__name__', values.camel)
    .replaceAll('__kebab__', values.kebab)
    .replaceAll('__snake__', values.snake)
    .replaceAll('__title__', values.title)
    .replaceAll('__app__', values.app)
    .replaceAll('__section__', values.section)
    .replaceAll('__routeEntry__', values.app === 'staff' ? '../route-entry' : './route-entry');

/** Inserts `text` before the first `anchor` found after `after` (a string or a regexp). */
function insertBefore(source, anchor, text, { after = '', file }) {
  const from = after ? source.indexOf(after) : 0;
  const at = from < 0 ? -1 : source.indexOf(anchor, from);
  if (at < 0)
    throw new Error(
      `${file}: anchor '${anchor.trim()}' not found${after ? ` after '${after}'` : ''}`,
    );
  return source.slice(0, at) + text + source.slice(at);
}

/** Inserts `line` after the last line matching `pattern`. */
function insertAfterLast(source, pattern, line, file) {
  const lines = source.split('\n');
  const last = lines.findLastIndex((l) => pattern.test(l));
  if (last < 0) throw new Error(`${file}: no line matches ${pattern}`);
  lines.splice(last + 1, 0, line);
  return lines.join('\n');
}

/** Adds `"./<kebab>": "./src/<...>"` to a package's exports, before the `before` key. */
function addExport(source, key, target, before, file) {
  const pkg = JSON.parse(source);
  if (pkg.exports[key]) throw new Error(`${file}: exports already has ${key}`);
  if (!pkg.exports[before]) throw new Error(`${file}: no exports entry ${before}`);
  pkg.exports = Object.fromEntries(
    Object.entries(pkg.exports).flatMap(([k, v]) =>
      k === before
        ? [
            [key, target],
            [k, v],
          ]
        : [[k, v]],
    ),
  );
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

export function plan(options) {
  const names = namesOf(options.name);
  const app = options.app;
  if (app !== 'agent' && app !== 'staff') throw new Error(`--app is agent or staff, not ${app}`);
  const values = {
    ...names,
    app,
    title: options.title ?? names.kebab,
    section: options.section ?? 'main',
  };
  if (/'/.test(values.title)) throw new Error('Write the title with ’, not a straight quote');
  const { kebab, camel, snake } = names;
  const template = (file) => fill(readFileSync(join(templates, file), 'utf8'), values);

  const created = {
    [`packages/api/openapi/main/${kebab}.yaml`]: template('contract.yaml.tmpl'),
    [`packages/api/src/${kebab}.ts`]: template('api-module.ts.tmpl'),
    [`apps/backend/src/resources/${kebab}.ts`]: template('resource.ts.tmpl'),
    [`apps/backend/src/handlers/${kebab}.ts`]: template('handlers.ts.tmpl'),
    [`apps/backend/test/matrix/examples/${kebab}.ts`]: template('matrix-examples.ts.tmpl'),
    [`apps/backend/test/${kebab}.test.ts`]: template('backend-test.ts.tmpl'),
    [`packages/features/src/${kebab}/index.ts`]: template('feature-index.ts.tmpl'),
    [`packages/features/src/${kebab}/messages.ts`]: template('feature-messages.ts.tmpl'),
    [`packages/features/src/${kebab}/${kebab}-page.tsx`]: template('list-page.tsx.tmpl'),
    [`packages/features/src/${kebab}/${kebab}-page.test.tsx`]: template('list-page.test.tsx.tmpl'),
    [`packages/features/src/${kebab}/handlers.ts`]: template('feature-handlers.ts.tmpl'),
    [`packages/features/src/paths/${app === 'staff' ? 'staff/' : ''}${kebab}.ts`]:
      template('route-table.ts.tmpl'),
  };
  for (const file of Object.keys(created))
    if (existsSync(join(root, file))) throw new Error(`${file} exists: the area is there already`);

  const read = (file) => readFileSync(join(root, file), 'utf8');
  const edits = {
    'packages/api/openapi/main/openapi.yaml': (s, file) =>
      insertBefore(s, '\ncomponents:\n', `\n  - name: ${kebab}\n    description: ${values.title}`, {
        file,
      }),
    'packages/api/package.json': (s, file) =>
      addExport(s, `./${kebab}`, `./src/${kebab}.ts`, './openapi/main.yaml', file),
    'apps/backend/src/handlers/index.ts': (s, file) =>
      insertBefore(
        insertAfterLast(
          s,
          /^import .* from '\.\/.*\.js';$/,
          `import { ${camel}Handlers } from './${kebab}.js';`,
          file,
        ),
        '\n  ]);',
        `\n    ${camel}Handlers(deps),`,
        { after: 'export function mainHandlers', file },
      ),
    'apps/backend/src/seed/component-catalogue.ts': (s, file) =>
      insertBefore(
        s,
        '\n];',
        `\n  landing('${snake}_page', '${values.title}', ${app === 'agent' ? 'A' : 'STAFF'}),`,
        { after: 'export const COMPONENT_CATALOGUE', file },
      ),
    'docs/access-model.md': (s, file) => {
      // The catalogue's table: a row after its last one (its priority the next ten).
      const rows = [...s.matchAll(/^\| (\d+) +\| `\w+` .*$/gm)];
      if (rows.length === 0) throw new Error(`${file}: no component catalogue table`);
      const last = rows.at(-1);
      const holders = app === 'agent' ? 'Mandataire, Mandataire - Junior' : '—';
      const row = `| ${Number(last[1]) + 10} | \`${snake}_page\` | page | yes | \`/${kebab}\` | ${holders} |`;
      const at = last.index + last[0].length;
      return `${s.slice(0, at)}\n${row}${s.slice(at)}`;
    },
    'apps/backend/test/matrix/examples.ts': (s, file) =>
      insertBefore(
        insertAfterLast(
          s,
          /^import .* from '\.\/examples\/.*\.js';$/,
          `import { ${camel}Examples } from './examples/${kebab}.js';`,
          file,
        ),
        '\n]);',
        `\n  ${camel}Examples,`,
        { after: 'compose([', file },
      ),
    'packages/features/package.json': (s, file) =>
      addExport(s, `./${kebab}`, `./src/${kebab}/index.ts`, './testing', file),
    [`packages/features/src/paths/${app === 'staff' ? 'staff/' : ''}index.ts`]: (s, file) =>
      insertBefore(
        insertAfterLast(
          s,
          /^import \* as \w+ from '\.\/[\w-]+';$/,
          `import * as ${camel} from './${kebab}';`,
          file,
        ),
        '\n);',
        `\n  ${camel}.${app}Routes,`,
        { after: `export const ${app}RouteTable`, file },
      ),
    [`apps/${app}/src/screens.tsx`]: (s, file) =>
      insertBefore(
        s,
        '\n};',
        `\n  '${kebab}-page': () =>\n    import('@portal/features/${kebab}/${kebab}-page').then(({ ${names.pascal}Page }) => ${names.pascal}Page),`,
        { after: 'export const screenLoaders', file },
      ),
  };
  const edited = Object.fromEntries(
    Object.entries(edits).map(([file, edit]) => [file, edit(read(file), file)]),
  );
  return { values, created, edited };
}

function run(command, args, cwd = root) {
  execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Bundles main.yaml and regenerates its types, as `pnpm --filter @portal/api generate` does. */
export function generateContract() {
  const api = join(root, 'packages', 'api');
  run(process.execPath, [join(api, 'scripts', 'bundle-openapi.mjs')]);
  run(
    join(api, 'node_modules', '.bin', 'openapi-typescript'),
    ['openapi/main.yaml', '-o', 'src/generated/main.ts'],
    api,
  );
  run(
    join(root, 'node_modules', '.bin', 'prettier'),
    ['--log-level', 'warn', '--write', 'src/generated/main.ts', 'openapi/main.yaml'],
    api,
  );
}

export function scaffold(options) {
  const { values, created, edited } = plan(options);
  for (const [file, text] of Object.entries({ ...created, ...edited })) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  run(join(root, 'node_modules', '.bin', 'prettier'), [
    '--log-level',
    'warn',
    '--write',
    ...Object.keys(created),
    ...Object.keys(edited),
  ]);
  const generated = options.generate
    ? ['packages/api/openapi/main.yaml', 'packages/api/src/generated/main.ts']
    : [];
  if (options.generate) generateContract();
  return { values, created: Object.keys(created), edited: [...Object.keys(edited), ...generated] };
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  try {
    const options = parseArgs(process.argv.slice(2));
    const result = scaffold(options);
    if (options.json) console.log(JSON.stringify(result, null, 2));
    else {
      const { values } = result;
      console.log(
        `Area '${values.kebab}' scaffolded for the ${values.app} app, at /${values.kebab}:`,
      );
      for (const file of result.created) console.log(`  + ${file}`);
      for (const file of result.edited) console.log(`  ~ ${file}`);
      console.log('Next: replace the example rows (docs/pattern.md, "Adding an area").');
    }
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
