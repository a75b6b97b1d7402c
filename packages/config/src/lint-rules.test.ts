import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Each layering rule of STYLE.md fails on a deliberate violation: the snippet is linted as if
 * it were a file of the package (`filePath`), with that package's own lint config, and the
 * rule id must fire. A clean snippet per package passes. The snippets import real files of
 * the tree, so the resolver, the zones and the cycle search run as they do in `pnpm lint`.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

async function lint(pkg: string, file: string, code: string) {
  const cwd = resolve(root, pkg);
  const eslint = new ESLint({ cwd, overrideConfigFile: resolve(cwd, 'eslint.config.js') });
  const [result] = await eslint.lintText(code, { filePath: resolve(cwd, file) });
  return result?.messages ?? [];
}

async function ruleIds(pkg: string, file: string, code: string) {
  return (await lint(pkg, file, code)).map((message) => message.ruleId);
}

describe('lint rules fail on a deliberate violation', { timeout: 60_000 }, () => {
  it('import-x/no-cycle: the staff route table importing the home page that lists its routes', async () => {
    const ids = await ruleIds(
      'apps/staff',
      'src/routes.ts',
      "import { lazy } from 'react';\nexport const home = lazy(() => import('./home-page'));\n",
    );
    expect(ids).toContain('import-x/no-cycle');
  });

  it('apps never import each other (by path and by name)', async () => {
    expect(
      await ruleIds('apps/agent', 'src/x.ts', "export { routes } from '../../staff/src/routes';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(await ruleIds('apps/agent', 'src/x.ts', "import '@portal/staff';\n")).toContain(
      'no-restricted-imports',
    );
  });

  it('the backend imports only the contract documents and generated types', async () => {
    expect(
      await ruleIds('apps/backend', 'src/x.ts', "export { api } from '@portal/api/client';\n"),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIds(
        'apps/backend',
        'src/x.ts',
        "export { createQueryClient } from '../../../packages/api/src/query-client';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('ui never imports api, auth or features', async () => {
    expect(
      await ruleIds('packages/ui', 'src/x.ts', "export { useSession } from '@portal/auth';\n"),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIds('packages/ui', 'src/x.ts', "export { unwrap } from '../../api/src/hydra';\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  it('features never import an app', async () => {
    expect(
      await ruleIds(
        'packages/features',
        'src/news/x.ts',
        "export { routes } from '../../../../apps/agent/src/routes';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it("a feature never imports another feature's inner files", async () => {
    expect(
      await ruleIds(
        'packages/features',
        'src/home/x.ts',
        "export { newsExcerpt } from '../news/news-item';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('features never call the API client', async () => {
    expect(
      await ruleIds(
        'packages/features',
        'src/news/x.ts',
        "export { api } from '@portal/api/client';\n",
      ),
    ).toContain('no-restricted-imports');
  });

  it('features build app URLs with the path helpers', async () => {
    expect(
      await ruleIds(
        'packages/features',
        'src/news/x.ts',
        'export const href = (id: number) => `/communication/news/${id}/edit`;\n',
      ),
    ).toContain('no-restricted-syntax');
    expect(
      await ruleIds('packages/features', 'src/news/x.ts', "export const list = '/news';\n"),
    ).toContain('no-restricted-syntax');
  });

  it('auth never imports features, by name or by relative path', async () => {
    expect(
      await ruleIds(
        'packages/auth',
        'src/x.ts',
        "export { newsExcerpt } from '@portal/features/news';\n",
      ),
    ).toContain('no-restricted-imports');
    const ids = await ruleIds(
      'packages/auth',
      'src/x.ts',
      "export { newsExcerpt } from '../../features/src/news';\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
    expect(ids).toContain('portal/no-relative-cross-package');
  });

  it('auth calls the API through @portal/api/session, never the client itself', async () => {
    expect(
      await ruleIds('packages/auth', 'src/x.ts', "export { api } from '@portal/api/client';\n"),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIds(
        'packages/auth',
        'src/x.ts',
        "export { configureApi } from '@portal/api/client';\nexport { signIn } from '@portal/api/session';\n",
      ),
    ).toEqual([]);
  });

  it("an app never reaches a package's inner file by relative path", async () => {
    expect(
      await ruleIds(
        'apps/agent',
        'src/x.ts',
        "export { Button } from '../../../packages/ui/src/button';\n",
      ),
    ).toContain('portal/no-relative-cross-package');
    expect(
      await ruleIds(
        'apps/staff',
        'x.ts',
        "export { Button } from '../../packages/ui/src/button';\n",
      ),
    ).toContain('portal/no-relative-cross-package');
    // Dynamic imports and `import()` types too.
    expect(
      await ruleIds(
        'apps/agent',
        'src/x.ts',
        "export const page = () => import('../../../packages/features/src/news/agent-news-page');\n",
      ),
    ).toContain('portal/no-relative-cross-package');
    expect(
      await ruleIds(
        'apps/agent',
        'src/x.ts',
        "export type B = typeof import('../../../packages/ui/src/button');\n",
      ),
    ).toContain('portal/no-relative-cross-package');
  });

  it('config imports no other package, by name or by path', async () => {
    expect(
      await ruleIds('packages/config', 'src/x.ts', "export { Button } from '@portal/ui/button';\n"),
    ).toContain('no-restricted-imports');
    const ids = await ruleIds(
      'packages/config',
      'src/x.ts',
      "export { Button } from '../../ui/src/button';\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
    expect(ids).toContain('portal/no-relative-cross-package');
  });

  it('end-to-end tests never import the backend', async () => {
    const ids = await ruleIds(
      'e2e',
      'tests/x.ts',
      "export { openDatabase } from '../../apps/backend/src/db/client';\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
    expect(ids).toContain('portal/no-relative-cross-package');
    expect(
      await ruleIds(
        'e2e',
        'tests/x.ts',
        "export { openDatabase } from '@portal/backend/src/db/client';\n",
      ),
    ).toContain('no-restricted-imports');
    expect(await ruleIds('e2e', 'tests/x.ts', "import '@portal/backend';\n")).toContain(
      'no-restricted-imports',
    );
  });

  it('features never call fetch nor build their own API client', async () => {
    const feature = (code: string) => ruleIds('packages/features', 'src/news/x.ts', code);
    expect(await feature("export const load = () => fetch('/api/news');\n")).toContain(
      'no-restricted-globals',
    );
    expect(await feature("export const load = () => globalThis.fetch('/api/news');\n")).toContain(
      'no-restricted-properties',
    );
    expect(await feature("export const load = () => window['fetch']('/api/news');\n")).toContain(
      'no-restricted-properties',
    );
    expect(await feature('export const xhr = () => new XMLHttpRequest();\n')).toContain(
      'no-restricted-globals',
    );
    expect(
      await feature(
        "import createClient from 'openapi-fetch';\nexport const client = createClient({ baseUrl: '/' });\n",
      ),
    ).toContain('no-restricted-imports');
    expect(await feature("export const client = () => import('openapi-fetch');\n")).toContain(
      'no-restricted-syntax',
    );
  });

  it('the tracker may post its keepalive batches with globalThis.fetch, and nothing more', async () => {
    const tracker = (code: string) => ruleIds('packages/features', 'src/tracking/tracker.ts', code);
    expect(
      await tracker("export const send = () => globalThis.fetch('/x', { keepalive: true });\n"),
    ).toEqual([]);
    expect(await tracker("export const send = () => fetch('/x');\n")).toContain(
      'no-restricted-globals',
    );
    expect(await tracker("export const send = () => window.fetch('/x');\n")).toContain(
      'no-restricted-properties',
    );
    // The same call anywhere else in tracking is refused.
    expect(
      await ruleIds(
        'packages/features',
        'src/tracking/x.ts',
        "export const send = () => globalThis.fetch('/x');\n",
      ),
    ).toContain('no-restricted-properties');
  });

  it('every app URL of the route tables (paths/<area>.ts) is refused as a literal in a feature', async () => {
    const dir = resolve(root, 'packages/features/src/paths');
    const paths = readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && !['index.ts', 'route-entry.ts'].includes(file))
      .map((file) => readFileSync(resolve(dir, file), 'utf8'))
      .join('\n');
    // Every '/x…' of the route tables (the home '/' aside), written as is in a feature.
    const literals = [...paths.matchAll(/(['`])(\/[A-Za-z0-9_-][^'`]*)\1/g)].map(
      ([, quote, url]) => `${quote}${url}${quote}`,
    );
    expect(literals.length).toBeGreaterThan(40);
    const code = `export const urls = [${literals.join(', ')}];\n`;
    const messages = await lint('packages/features', 'src/news/x.ts', code);
    const refused = messages.filter((message) => message.ruleId === 'no-restricted-syntax');
    expect(refused).toHaveLength(literals.length);
    expect(messages.filter((message) => message.ruleId !== 'no-restricted-syntax')).toEqual([]);
    // Beyond the old hand list ('news', 'communication', 'administration', 'odysseal',
    // 'accueil', 'my'): with a query or a fragment too.
    for (const url of ["'/my-customers'", "'/team?cgpId=CGP0001'", "'/sales/vlp#top'"]) {
      expect(
        await ruleIds('packages/features', 'src/news/x.ts', `export const u = ${url};\n`),
        url,
      ).toContain('no-restricted-syntax');
    }
  });

  it('the shared feature folders import no domain folder, not even its entry', async () => {
    for (const shared of ['list-kit', 'common', 'pickers']) {
      expect(
        await ruleIds(
          'packages/features',
          `src/${shared}/x.ts`,
          "export { newsExcerpt } from '../news';\n",
        ),
        shared,
      ).toContain('import-x/no-restricted-paths');
    }
    expect(
      await ruleIds('packages/features', 'src/pickers/x.ts', "export * from '../teams';\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  it('file and folder names are kebab-case', async () => {
    expect(
      await ruleIds('packages/features', 'src/news/NewsThing.ts', 'export const a = 1;\n'),
    ).toContain('check-file/filename-naming-convention');
    expect(
      await ruleIds('packages/features', 'src/newsArea/thing.ts', 'export const a = 1;\n'),
    ).toContain('check-file/folder-naming-convention');
  });
});

describe('clean code passes', { timeout: 60_000 }, () => {
  it('a feature using another through its entry, the domain module and the path helpers', async () => {
    const messages = await lint(
      'packages/features',
      'src/home/clean-example.ts',
      [
        "import { listNewsQuery } from '@portal/api/news';",
        "import { newsExcerpt } from '../news';",
        "import { agentPaths } from '../paths';",
        'export const example = { listNewsQuery, newsExcerpt, href: agentPaths.newsDetail(1) };',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });

  it('a shared folder using another shared one, and text that is no app URL', async () => {
    const messages = await lint(
      'packages/features',
      'src/list-kit/clean-example.ts',
      [
        "import { commonMessages } from '../common';",
        "import { agentPaths } from '../paths';",
        "export const parts = 'a/b'.split('/');",
        "export const iri = '/consultants/1';",
        'export const example = { commonMessages, home: agentPaths.home };',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });

  it('the tracker as it is', async () => {
    const file = 'src/tracking/tracker.ts';
    const code = readFileSync(resolve(root, 'packages/features', file), 'utf8');
    expect(await lint('packages/features', file, code)).toEqual([]);
  });

  it('the backend importing the generated types', async () => {
    const messages = await lint(
      'apps/backend',
      'src/clean-example.ts',
      "import type { paths } from '@portal/api/generated/main';\nexport type Paths = paths;\n",
    );
    expect(messages).toEqual([]);
  });
});
