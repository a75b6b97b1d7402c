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
      "import { lazy } from 'react';\nexport const home = lazy(() => import('./pages/home-page'));\n",
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

  it('the backend importing the generated types', async () => {
    const messages = await lint(
      'apps/backend',
      'src/clean-example.ts',
      "import type { paths } from '@portal/api/generated/main';\nexport type Paths = paths;\n",
    );
    expect(messages).toEqual([]);
  });
});
