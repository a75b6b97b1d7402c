import { readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Shared lint preset. `layer` restricts what a package may import, so the dependency
 * direction of STYLE.md is checked by a machine:
 * - `no-restricted-imports`: the packages a layer must not import by name;
 * - `import-x/no-restricted-paths`: the same by file path (relative imports too), the apps
 *   kept apart, the backend limited to the contract, features importing each other only
 *   through their public entries;
 * - `import-x/no-cycle`: no import cycles (dynamic `import()` included);
 * - `check-file/*`: kebab-case file and folder names;
 * - `no-restricted-syntax` (features): app URLs come from `@portal/features/paths`.
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
  e2e: [],
};
const apps = ['@portal/agent', '@portal/staff'];

/** The features' public entries (their `exports`): the only files one feature may import of another. */
function featureEntries() {
  const manifest = JSON.parse(readFileSync(at('packages/features/package.json'), 'utf8'));
  return Object.values(manifest.exports).map((entry) => at(`packages/features/${entry}`));
}

function featureFolders() {
  return readdirSync(at('packages/features/src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
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
    case 'auth':
      return [noApps];
    case 'features': {
      // One zone per pair of feature folders: x may import y only through y's public entries.
      const entries = featureEntries();
      const folders = featureFolders();
      return [
        noApps,
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
      group: ['@portal/api/client'],
      message:
        'Features never call the client: use the domain module (@portal/api/<domain>) and add the operation there.',
    });
  }
  patterns.push({
    group: ['@portal/*/src/*'],
    message: 'Import a package through its exports, never its src/.',
  });
  return patterns;
}

/** App URLs written as literals in features (use `@portal/features/paths` instead). */
const appUrl = String.raw`^\/(news|communication|administration|odysseal|accueil|my)(\/|$)`;

export function preset({ layer, react = true }) {
  return tseslint.config(
    {
      ignores: ['dist/**', 'storybook-static/**', 'src/generated/**', 'drizzle/**', 'coverage/**'],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      languageOptions: { globals: { ...globals.browser, ...globals.node } },
      plugins: { 'import-x': importX, 'check-file': checkFile },
      settings: {
        // What import-x parses to follow imports (TypeScript sources, not only .js).
        'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver-next': [
          createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.json'] }),
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
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
              'no-restricted-syntax': [
                'error',
                {
                  selector: `Literal[value=/${appUrl}/]`,
                  message: 'Build app URLs with the helpers of @portal/features/paths.',
                },
                {
                  selector: `TemplateLiteral > TemplateElement:first-child[value.raw=/${appUrl}/]`,
                  message: 'Build app URLs with the helpers of @portal/features/paths.',
                },
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
