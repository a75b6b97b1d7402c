import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMPONENT_CATALOGUE } from '../src/seed/component-catalogue.js';

/**
 * The apps' pages name the components the backend seeds: a route gated by a name the catalogue
 * lacks could never be opened. The pages are declared once, in the areas' route tables
 * (`packages/features/src/paths/<area>.ts`, `agentRoutes`, and `paths/staff/<area>.ts`,
 * `staffRoutes`; pages both apps have in `paths/<area>.ts`, `sharedRoutes`), read here as text
 * so that no front-end code comes into the backend.
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

  it('each name a catalogue component that gates that path', () => {
    const wrong = routes.filter(
      ({ path, component }) =>
        !COMPONENT_CATALOGUE.some((c) => c.name === component && c.routes?.includes(path)),
    );
    expect(wrong).toEqual([]);
  });
});
