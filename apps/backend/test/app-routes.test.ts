import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { requiredComponents } from '../src/access/components.js';
import { loadContract } from '../src/contract.js';
import { LIBRARY_COMPONENTS } from '../src/library/access.js';
import { COMPONENT_CATALOGUE } from '../src/seed/component-catalogue.js';

/**
 * Which component gates which page is declared once, in the areas' route tables
 * (`packages/features/src/paths/<area>.ts`, `agentRoutes`, and `paths/staff/<area>.ts`,
 * `staffRoutes`; pages both apps have in `paths/<area>.ts`, `sharedRoutes`), read here as text
 * so that no front-end code comes into the backend. The catalogue (`seed/component-catalogue.ts`)
 * says what a component is (title, kind, holders), the contract's `x-components` which
 * operations it opens; this file checks that the three agree:
 * - a route's component is a catalogue page (kind 'page'), and every catalogue page gates a route
 *   of an app: a page nothing routes to, or a route gated by a name the catalogue lacks (it could
 *   never be opened), fails;
 * - every `x-components` name is in the catalogue (also the authorization matrix's check), and
 *   every catalogue component is used: it gates a route, an operation, or a block of a screen;
 * - the routes listed by the catalogue's table in `docs/access-model.md` are the route tables'.
 */
const PATHS_DIRS = {
  agent: new URL('../../../packages/features/src/paths/', import.meta.url),
  staff: new URL('../../../packages/features/src/paths/staff/', import.meta.url),
};
const areaFiles = (dir: URL) =>
  readdirSync(dir).filter(
    (file) => file.endsWith('.ts') && !['index.ts', 'route-entry.ts', 'table.ts'].includes(file),
  );

/** The literal tables named `name` in the area files of `dir`. */
const tablesOf = (dir: URL, name: string) =>
  areaFiles(dir).flatMap((file) =>
    [
      ...readFileSync(new URL(file, dir), 'utf8').matchAll(
        new RegExp(`export const ${name} = \\[([\\s\\S]*?)\\] as const`, 'g'),
      ),
    ].map((match) => match[1]!),
  );

const routesOf = (app: 'agent' | 'staff') => {
  const routes: { path: string; component: string }[] = [];
  let paths = 0;
  for (const table of [
    ...tablesOf(PATHS_DIRS[app], `${app}Routes`),
    ...tablesOf(PATHS_DIRS.agent, 'sharedRoutes'),
  ]) {
    routes.push(
      ...[...table.matchAll(/path: '([^']+)',\s*component: '([^']+)'/g)].map(
        ([, path, component]) => ({
          path: path!.replace(/:(\w+)/g, '{$1}'),
          component: component!,
        }),
      ),
    );
    paths += table.match(/path: '/g)?.length ?? 0;
  }
  return { routes, paths };
};

describe.each(['agent', 'staff'] as const)('the %s app routes', (app) => {
  const { routes, paths } = routesOf(app);

  it('all declare a component', () => {
    expect(routes.length).toBeGreaterThan(3);
    expect(routes.length).toBe(paths);
  });

  it('each name a page of the catalogue', () => {
    const wrong = routes.filter(
      ({ component }) =>
        !COMPONENT_CATALOGUE.some((c) => c.name === component && c.kind === 'page'),
    );
    expect(wrong).toEqual([]);
  });
});

/** The paths each component gates in either app, `{param}` style, in table order. */
const routesByComponent = () => {
  const byComponent = new Map<string, Set<string>>();
  for (const app of ['agent', 'staff'] as const)
    for (const { path, component } of routesOf(app).routes)
      byComponent.set(component, (byComponent.get(component) ?? new Set()).add(path));
  return byComponent;
};

/**
 * Components the spec's profiles hold that nothing gates yet: the customer sheet shows its sales
 * sections to whoever opens it. Listed so that no other component goes unused unnoticed.
 */
const UNUSED = ['customers_detail_real_instate', 'customers_detail_investment'];

describe('the component catalogue', () => {
  const byComponent = routesByComponent();

  it('has every page gate a route of an app', () => {
    const unrouted = COMPONENT_CATALOGUE.filter(
      (c) => c.kind === 'page' && !byComponent.has(c.name),
    ).map((c) => c.name);
    expect(unrouted).toEqual([]);
  });

  it('holds every x-components name, and each of its components is used', () => {
    const operations = loadContract('main').operations.flatMap((o) => requiredComponents(o));
    const known = new Set(COMPONENT_CATALOGUE.map((c) => c.name));
    expect(operations.filter((name) => !known.has(name))).toEqual([]);
    const screens = sourceText(new URL('../../../packages/features/src/', import.meta.url));
    const unused = COMPONENT_CATALOGUE.filter(
      (c) =>
        !UNUSED.includes(c.name) &&
        !byComponent.has(c.name) &&
        !operations.includes(c.name) &&
        !screens.some((text) => text.includes(`'${c.name}'`) || text.includes(`"${c.name}"`)),
    ).map((c) => c.name);
    expect(unused).toEqual([]);
  });

  it("is listed with the route tables' routes in docs/access-model.md", () => {
    const docs = readFileSync(new URL('../../../docs/access-model.md', import.meta.url), 'utf8');
    const listed = new Map(
      [...docs.matchAll(/^\| \d+ +\| `(\w+)` +\|[^|]*\|[^|]*\|([^|]*)\|/gm)].map(
        ([, name, routes]) => [name!, [...routes!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).sort()],
      ),
    );
    expect(listed.size).toBe(COMPONENT_CATALOGUE.length);
    const wrong = COMPONENT_CATALOGUE.filter(
      (c) =>
        JSON.stringify(listed.get(c.name)) !==
        JSON.stringify([...(byComponent.get(c.name) ?? [])].sort()),
    ).map((c) => c.name);
    expect(wrong).toEqual([]);
  });
});

/** The text of every non-test source file under `dir`. */
function sourceText(dir: URL): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && /\.tsx?$/.test(f.name) && !/\.test\.tsx?$/.test(f.name))
    .map((f) => readFileSync(`${f.parentPath}/${f.name}`, 'utf8'));
}

describe('the library components (`x-library-components` of the contract)', () => {
  const libraries = Object.values(LIBRARY_COMPONENTS);
  const kindOf = (name: string) => COMPONENT_CATALOGUE.find((c) => c.name === name)?.kind;

  it('are catalogue pages (view) and blocks (edit)', () => {
    expect(libraries.map(({ view, edit }) => [kindOf(view), kindOf(edit)])).toEqual(
      libraries.map(() => ['page', 'component']),
    );
  });

  it("are all listed by an operation that lists one library's (the handler checks the type's)", () => {
    for (const mode of ['view', 'edit'] as const) {
      const names = libraries.map((library) => library[mode]);
      const partial = loadContract('main')
        .operations.filter((o) => requiredComponents(o).some((name) => names.includes(name)))
        .filter((o) => !names.every((name) => requiredComponents(o).includes(name)))
        .map((o) => o.operationId);
      expect(partial, mode).toEqual([]);
    }
  });
});
