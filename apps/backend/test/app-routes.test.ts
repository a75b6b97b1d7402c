import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMPONENT_CATALOGUE } from '../src/seed/component-catalogue.js';

/**
 * The apps' route tables name the components the backend seeds: a route gated by a name the
 * catalogue lacks could never be opened. Read as text, so the apps' React code stays out.
 */
const routesOf = (app: 'agent' | 'staff') => {
  const source = readFileSync(new URL(`../../${app}/src/routes.ts`, import.meta.url), 'utf8');
  const routes = [...source.matchAll(/path: '([^']+)',\s*component: '([^']+)'/g)].map(
    ([, path, component]) => ({ path: path!.replace(/:(\w+)/g, '{$1}'), component: component! }),
  );
  return { routes, paths: source.match(/path: '/g)?.length ?? 0 };
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
