import { staffPaths } from '@portal/features/paths/staff';
import { screensNotLoading, unmatchedScreens } from '@portal/features/shell';
import { describe, expect, it } from 'vitest';
import { pageTable } from './routes';
import { routes, screenLoaders } from './screens';

describe('the staff route table', () => {
  it('declares every page the features link to with @portal/features/paths', () => {
    const patterns = pageTable.map((page) => page.path.replace(/:\w+/g, ':param'));
    const helpers = Object.values(staffPaths).map((path) =>
      typeof path === 'function'
        ? (path as (...ids: string[]) => string)(':param', ':param')
        : path,
    );
    expect(patterns).toEqual(expect.arrayContaining(helpers));
    expect(Object.keys(staffPaths)).toHaveLength(pageTable.filter((page) => 'name' in page).length);
  });

  it('has a screen loader for every route, and a route for every loader', () => {
    expect(unmatchedScreens(pageTable, screenLoaders)).toEqual({
      withoutLoader: [],
      withoutRoute: [],
    });
  });

  // Every feature module is imported once here: slow on a cold transform cache.
  it('loads a component for every screen', { timeout: 120_000 }, async () => {
    expect(await screensNotLoading(screenLoaders)).toEqual([]);
  });

  it('declares each path once, each with its screen', () => {
    const paths = pageTable.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(routes.map((route) => route.path)).toEqual(paths);
    expect(routes.filter((route) => !route.title)).toEqual([]);
  });
});
