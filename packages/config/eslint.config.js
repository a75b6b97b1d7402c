import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import ts from 'typescript';
import tseslint from 'typescript-eslint';

/**
 * Shared lint preset. `layer` restricts what a package may import, so the dependency
 * direction of STYLE.md is checked by a machine:
 * - `no-restricted-imports`: the packages a layer must not import by name;
 * - `import-x/no-restricted-paths`: the same by file path (relative imports too), the apps
 *   kept apart, the backend limited to the contract, features importing each other only
 *   through their public entries;
 * - `import-x/no-cycle`: no import cycles (dynamic `import()` included);
 * - `portal/no-type-cycle`: no import cycles either through type-only imports, which
 *   `import-x/no-cycle` always skips (`import type`, `import { type X }`, `export type … from`);
 * - backend: nothing below `handlers/` imports it (`import-x/no-restricted-paths`), pg-boss's
 *   tables are named only in the queue module (`no-restricted-syntax`); apps/backend/README.md;
 * - `check-file/*`: kebab-case file and folder names;
 * - `portal/no-relative-cross-package`: another package (or app) is imported by its name and
 *   `exports`, never by a relative path out of the importing package;
 * - `no-restricted-syntax` (features): app URLs come from `@portal/features/paths` (the
 *   forbidden prefixes are read from that file), no dynamic import of openapi-fetch;
 * - `no-restricted-globals` / `no-restricted-properties` (features): no `fetch` or XHR of their
 *   own (one commented exception: the tracking beacon).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const at = (path) => resolve(root, path);

const forbidden = {
  config: ['@portal/ui', '@portal/api', '@portal/auth', '@portal/features', '@portal/backend'],
  ui: ['@portal/api', '@portal/auth', '@portal/features', '@portal/backend'],
  api: ['@portal/ui', '@portal/auth', '@portal/features', '@portal/backend'],
  auth: ['@portal/features', '@portal/backend'],
  features: ['@portal/backend'],
  app: ['@portal/backend'],
  backend: ['@portal/ui', '@portal/auth', '@portal/features'],
  e2e: ['@portal/backend'],
};
const apps = ['@portal/agent', '@portal/staff'];

/** The features' public entries (their `exports`): the only files one feature may import of another. */
function featureEntries() {
  const manifest = JSON.parse(readFileSync(at('packages/features/package.json'), 'utf8'));
  const entries = Object.values(manifest.exports).flatMap((entry) => {
    if (!entry.includes('*')) return [at(`packages/features/${entry}`)];
    // A pattern (`./src/*-page.tsx`, the screens the apps load): every file it matches.
    const [head, suffix] = entry.split('*');
    const folder = at(`packages/features/${head}`);
    return readdirSync(folder, { recursive: true })
      .map((file) => resolve(folder, String(file)))
      .filter((file) => file.endsWith(suffix));
  });
  return [...new Set(entries)];
}

/** Feature folders every domain uses; they import no domain folder. */
const SHARED_FEATURE_FOLDERS = ['list-kit', 'common', 'pickers'];
/** Folders that are no domain: the shared ones, the URL helpers and the test support. */
const NOT_DOMAINS = [...SHARED_FEATURE_FOLDERS, 'paths', 'testing'];

function featureFolders() {
  return readdirSync(at('packages/features/src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** The process's entry points: they compose the handlers (`handlers/index.ts`). */
const BACKEND_ENTRY_POINTS = ['app.ts', 'main.ts'];

/**
 * The backend's modules below `handlers/`: every folder and root module of its `src/` but
 * `handlers/` and the entry points (apps/backend/README.md, Folders).
 */
function backendBelowHandlers() {
  const src = at('apps/backend/src');
  return readdirSync(src, { withFileTypes: true })
    .filter((entry) =>
      entry.isDirectory() ? entry.name !== 'handlers' : !BACKEND_ENTRY_POINTS.includes(entry.name),
    )
    .map((entry) => resolve(src, entry.name));
}

/** Path zones per layer (`target` may not import from `from`, except `except`). */
function zones(layer) {
  const packages = ['config', 'ui', 'api', 'auth', 'features'];
  const below = (names) => names.map((name) => at(`packages/${name}`));
  const noApps = {
    target: packages.map((name) => at(`packages/${name}`)),
    from: [at('apps/agent'), at('apps/staff'), at('apps/backend')],
    message: 'Packages never import an app.',
  };
  switch (layer) {
    case 'ui':
      return [
        noApps,
        {
          target: at('packages/ui'),
          from: below(['api', 'auth', 'features']),
          message:
            'The ui kit takes data and callbacks by props; it never imports api, auth or features.',
        },
      ];
    case 'api':
      return [
        noApps,
        {
          target: at('packages/api'),
          from: below(['ui', 'auth', 'features']),
          message: 'The api layer never imports ui, auth or features.',
        },
      ];
    case 'config':
      return [
        noApps,
        {
          target: at('packages/config'),
          from: below(['ui', 'api', 'auth', 'features']),
          message: 'The config package is the bottom layer: it imports no other package.',
        },
      ];
    case 'auth':
      return [
        noApps,
        {
          target: at('packages/auth'),
          from: below(['features']),
          message: 'auth sits below features: it never imports them.',
        },
      ];
    case 'e2e':
      return [
        {
          target: at('e2e'),
          from: at('apps/backend'),
          message: 'End-to-end tests reach the backend over HTTP, never through its source.',
        },
      ];
    case 'features': {
      // One zone per pair of feature folders: x may import y only through y's public entries.
      const entries = featureEntries();
      const folders = featureFolders();
      const domains = folders.filter((folder) => !NOT_DOMAINS.includes(folder));
      return [
        noApps,
        // The shared folders serve every domain, so they import none (not even its entry).
        ...SHARED_FEATURE_FOLDERS.map((shared) => ({
          target: at(`packages/features/src/${shared}`),
          from: domains.map((domain) => at(`packages/features/src/${domain}`)),
          message: `${shared} is shared by every feature: it never imports a domain folder.`,
        })),
        ...folders.flatMap((folder) =>
          folders
            .filter((other) => other !== folder)
            .map((other) => {
              const from = at(`packages/features/src/${other}`);
              return {
                target: at(`packages/features/src/${folder}`),
                from,
                except: entries
                  .filter((entry) => entry.startsWith(`${from}/`))
                  .map((entry) => `./${relative(from, entry)}`),
                message: `Import the ${other} feature through its public entry, never its inner files.`,
              };
            }),
        ),
      ];
    }
    case 'app':
      return [
        {
          target: at('apps/agent'),
          from: [at('apps/staff'), at('apps/backend')],
          message: 'Apps never import each other.',
        },
        {
          target: at('apps/staff'),
          from: [at('apps/agent'), at('apps/backend')],
          message: 'Apps never import each other.',
        },
      ];
    case 'backend':
      return [
        {
          target: at('apps/backend'),
          from: at('packages/api'),
          except: ['./openapi', './src/generated'],
          message: 'The backend imports only the contract documents and generated types.',
        },
        {
          target: at('apps/backend'),
          from: [at('apps/agent'), at('apps/staff'), ...below(['ui', 'auth', 'features'])],
          message: 'The backend imports only the contract from packages/api.',
        },
        {
          target: backendBelowHandlers(),
          from: at('apps/backend/src/handlers'),
          message:
            'Nothing below handlers/ imports it (apps/backend/README.md, Folders): move what both need down.',
        },
      ];
    default:
      return [];
  }
}

function importPatterns(layer) {
  const patterns = forbidden[layer].map((name) => ({
    group: [name, `${name}/*`],
    message: `The ${layer} layer must not import ${name}.`,
  }));
  if (layer !== 'e2e') {
    patterns.push({
      group: apps.flatMap((name) => [name, `${name}/*`]),
      message: 'Apps are never imported: not by another app, not by a package.',
    });
  }
  if (layer === 'backend') {
    patterns.push({
      regex: '^@portal/api(?!/(openapi|generated)/)',
      message:
        'The backend imports only the contract from @portal/api (@portal/api/openapi/*, @portal/api/generated/*).',
    });
  }
  if (layer === 'features') {
    patterns.push({
      group: ['@portal/api/client', 'openapi-fetch', 'openapi-fetch/*'],
      message:
        'Features never call the client nor build their own: use the domain module (@portal/api/<domain>) and add the operation there.',
    });
  }
  if (layer === 'auth') {
    patterns.push({
      group: ['@portal/api/client'],
      importNames: ['api'],
      message:
        'auth configures the clients and calls the API through @portal/api/session (signIn, resetPassword, …), never api.main.',
    });
  }
  patterns.push({
    group: ['@portal/*/src/*'],
    message: 'Import a package through its exports, never its src/.',
  });
  return patterns;
}

/**
 * The first segments of the apps' URLs, read from the areas' route tables
 * (`packages/features/src/paths/*.ts` and `paths/staff/*.ts`) when the lint config loads (every '/x…' or `/x…` literal
 * there), so a new route is forbidden as a literal in features the day it is added. The home
 * '/' is left out: a lone '/' is a separator far more often than a link.
 */
function appUrlSegments() {
  const segments = new Set();
  for (const dir of [at('packages/features/src/paths'), at('packages/features/src/paths/staff')]) {
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      const source = readFileSync(resolve(dir, file), 'utf8');
      for (const match of source.matchAll(/['`]\/([A-Za-z0-9_-]+)/g)) segments.add(match[1]);
    }
  }
  if (segments.size === 0) throw new Error('No app URL found in packages/features/src/paths.');
  return [...segments].sort();
}

/** App URLs written as literals in features (use `@portal/features/paths` instead). */
const appUrl = String.raw`^\/(${appUrlSegments().join('|')})(\/|$|\?|#)`;

const appUrlSelectors = [
  {
    selector: `Literal[value=/${appUrl}/]`,
    message: 'Build app URLs with the helpers of @portal/features/paths.',
  },
  {
    selector: `TemplateLiteral > TemplateElement:first-child[value.raw=/${appUrl}/]`,
    message: 'Build app URLs with the helpers of @portal/features/paths.',
  },
  {
    selector: 'ImportExpression[source.value=/^openapi-fetch(\\/|$)/]',
    message:
      'Features never build their own API client: use the domain module (@portal/api/<domain>).',
  },
];

const noOwnFetch = 'Features never call fetch: use the domain module (@portal/api/<domain>).';
const fetchProperties = (objects) =>
  objects.flatMap((object) =>
    ['fetch', 'XMLHttpRequest'].map((property) => ({ object, property, message: noOwnFetch })),
  );

/** The package (or app) a file belongs to: the nearest folder with a package.json. */
const packageRoots = new Map();
function packageRootOf(file) {
  const start = dirname(file);
  if (packageRoots.has(start)) return packageRoots.get(start);
  let dir = start;
  while (!existsSync(resolve(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  packageRoots.set(start, dir);
  return dir;
}

/**
 * A relative import that leaves its package ('../../packages/ui/src/button' from an app,
 * '../../features/src/news' from auth): the other package is reached by its name and its
 * `exports`, so its private files stay private and the layer rules by name apply.
 */
const noRelativeCrossPackage = {
  meta: {
    type: 'problem',
    messages: {
      outside:
        "'{{source}}' leaves this package: import another package by its name and exports (@portal/<name>/<entry>).",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (!isAbsolute(file)) return {};
    const own = packageRootOf(file);
    const check = (node) => {
      const source = node?.type === 'Literal' ? node.value : undefined;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = relative(own, resolve(dirname(file), source));
      if (target === '..' || target.startsWith(`..${sep}`) || isAbsolute(target)) {
        context.report({ node, messageId: 'outside', data: { source } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.source ?? node.argument?.literal),
    };
  },
};

/** The code files a relative import may name: `./x.js` is `./x.ts` in TypeScript sources. */
const CODE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs'];
function resolveRelative(from, specifier) {
  const path = resolve(dirname(from), specifier.replace(/[?#].*$/, ''));
  const bare = path.replace(/\.(m?js|jsx)$/, '');
  const candidates = [
    path,
    ...CODE_EXTENSIONS.map((extension) => bare + extension),
    ...CODE_EXTENSIONS.map((extension) => resolve(path, `index${extension}`)),
  ];
  return candidates.find((candidate) => {
    if (!CODE_EXTENSIONS.some((extension) => candidate.endsWith(extension))) return false;
    try {
      return statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}

/** A file's relative imports of every kind (type-only, re-exports, `import()`), by path. */
const importsCache = new Map();
function importsOf(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importsCache.get(file);
  if (cached?.mtime === mtime) return cached.imports;
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const imports = importedFiles
    .map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolveRelative(file, specifier))
    .filter(Boolean);
  importsCache.set(file, { mtime, imports });
  return imports;
}

/**
 * An import cycle through type-only imports too. `import-x/no-cycle` skips type imports (it
 * has no option not to), so `a` importing a value of `b` and `b` a type of `a` passed; such a
 * circle still ties the two modules together (one cannot move or be read without the other).
 * Relative imports only: packages reach each other by name, in the layers' one direction.
 */
const noTypeCycle = {
  meta: {
    type: 'problem',
    messages: {
      cycle:
        'Import cycle (type-only imports count): {{route}}. Move what both need into a module of its own, or below both.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (!isAbsolute(file)) return {};
    const sources = [];
    const collect = (node) => {
      const source = node?.type === 'Literal' ? node.value : undefined;
      if (typeof source === 'string' && source.startsWith('.')) sources.push(node);
    };
    const short = (path) => relative(packageRootOf(file), path);
    return {
      ImportDeclaration: (node) => collect(node.source),
      ExportNamedDeclaration: (node) => collect(node.source),
      ExportAllDeclaration: (node) => collect(node.source),
      ImportExpression: (node) => collect(node.source),
      TSImportType: (node) => collect(node.source ?? node.argument?.literal),
      'Program:exit'() {
        // One walk from all of the file's imports at once: each file reached is reached first
        // through one of them (its `parent` chain says which), the file itself ends a cycle.
        const parent = new Map();
        const queue = [];
        const reported = new Set();
        for (const node of sources) {
          const target = resolveRelative(file, node.value);
          if (!target || parent.has(target)) continue;
          parent.set(target, { node, previous: null });
          queue.push(target);
        }
        while (queue.length > 0) {
          const current = queue.shift();
          for (const next of importsOf(current)) {
            if (next === file) {
              const route = [];
              let step = current;
              while (step) {
                route.unshift(short(step));
                step = parent.get(step).previous;
              }
              const { node } = parent.get(current);
              if (reported.has(node)) continue;
              reported.add(node);
              context.report({
                node,
                messageId: 'cycle',
                data: { route: [short(file), ...route, short(file)].join(' -> ') },
              });
            } else if (!parent.has(next)) {
              parent.set(next, { node: parent.get(current).node, previous: current });
              queue.push(next);
            }
          }
        }
      },
    };
  },
};
const portal = {
  rules: { 'no-relative-cross-package': noRelativeCrossPackage, 'no-type-cycle': noTypeCycle },
};

export function preset({ layer, react = true }) {
  return tseslint.config(
    {
      ignores: ['dist/**', 'storybook-static/**', 'src/generated/**', 'drizzle/**', 'coverage/**'],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      languageOptions: { globals: { ...globals.browser, ...globals.node } },
      plugins: { 'import-x': importX, 'check-file': checkFile, portal },
      settings: {
        // What import-x parses to follow imports (TypeScript sources, not only .js).
        'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [
          createNodeResolver({
            extensions: ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.json'],
            // The backend's (NodeNext) imports name the compiled file, `./x.js` for `./x.ts`:
            // unresolved, the path zones and no-cycle would pass over them in silence.
            extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
          }),
        ],
      },
      rules: {
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
        ],
        'no-restricted-imports': ['error', { patterns: importPatterns(layer) }],
        'import-x/no-restricted-paths': zones(layer).length
          ? ['error', { zones: zones(layer) }]
          : 'off',
        'portal/no-relative-cross-package': 'error',
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
        'portal/no-type-cycle': 'error',
        'check-file/filename-naming-convention': [
          'error',
          { '**/*.{ts,tsx,js,jsx,mjs}': 'KEBAB_CASE' },
          { ignoreMiddleExtensions: true },
        ],
      },
    },
    {
      // Folders below the package (Storybook's own `.storybook` excepted).
      files: ['*/**/*.{ts,tsx,js,jsx,mjs}'],
      ignores: ['.storybook/**'],
      rules: { 'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }] },
    },
    ...(layer === 'features'
      ? [
          {
            files: ['src/**/*.{ts,tsx}'],
            // Tests and their fixtures hold API IRIs ('/news/1'), not app URLs.
            ignores: ['src/paths/**', 'src/**/*.test.{ts,tsx}', 'src/**/*.fixtures.ts'],
            rules: {
              'no-restricted-syntax': ['error', ...appUrlSelectors],
              'no-restricted-globals': [
                'error',
                { name: 'fetch', message: noOwnFetch },
                { name: 'XMLHttpRequest', message: noOwnFetch },
              ],
              'no-restricted-properties': [
                'error',
                ...fetchProperties(['globalThis', 'window', 'self']),
              ],
            },
          },
          {
            // The one exception: the usage tracker posts its batches itself, with
            // `keepalive: true` so the last one survives the tab closing, to the session's
            // events endpoint it is given (docs/decisions/04-usage-tracking.md, usage tracking). Only
            // `globalThis.fetch`, only in that file: `fetch()`, `window.fetch` and XHR stay
            // forbidden there too.
            files: ['src/tracking/tracker.ts'],
            rules: {
              'no-restricted-properties': [
                'error',
                ...fetchProperties(['globalThis', 'window', 'self']).filter(
                  (entry) => !(entry.object === 'globalThis' && entry.property === 'fetch'),
                ),
              ],
            },
          },
        ]
      : []),
    ...(layer === 'backend'
      ? [
          {
            // pg-boss's tables change with pg-boss: only the queue module names them.
            files: ['src/**/*.{ts,mjs}'],
            ignores: ['src/jobs/queue.ts', 'src/jobs/queue-tables.ts'],
            rules: {
              'no-restricted-syntax': [
                'error',
                ...[
                  'TemplateElement[value.raw=/\\bpgboss\\./]',
                  'Literal[value=/\\bpgboss\\./]',
                ].map((selector) => ({
                  selector,
                  message:
                    "pg-boss's tables (pgboss.*) are read only in the queue module: use jobs/queue-tables.ts.",
                })),
              ],
            },
          },
        ]
      : []),
    ...(react
      ? [{ plugins: { 'react-hooks': reactHooks }, rules: reactHooks.configs.recommended.rules }]
      : []),
  );
}

export default preset({ layer: 'config', react: false });
