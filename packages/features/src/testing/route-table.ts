import { describe, expect, it } from 'vitest';
import { screensNotLoading, unmatchedScreens, type ScreenLoader } from '../shell';

type PathHelper = string | ((...ids: string[]) => string);

/** The checks each app runs on its route table: both apps' tables follow the same rules. */
export function describeRouteTable(
  app: string,
  {
    pageTable,
    routes,
    screenLoaders,
    paths,
  }: {
    pageTable: readonly { readonly path: string; readonly screen: string }[];
    routes: readonly { readonly path: string; readonly title?: string }[];
    screenLoaders: Readonly<Record<string, ScreenLoader>>;
    /** The features' path helpers (`@portal/features/paths` or its staff twin). */
    paths: Readonly<Record<string, unknown>>;
  },
) {
  describe(`the ${app} route table`, () => {
    it('declares every page the features link to with @portal/features/paths', () => {
      const patterns = pageTable.map((page) => page.path.replace(/:\w+/g, ':param'));
      const helpers = Object.values(paths as Record<string, PathHelper>).map((path) =>
        typeof path === 'function' ? path(':param', ':param') : path,
      );
      expect(patterns).toEqual(expect.arrayContaining(helpers));
      expect(Object.keys(paths)).toHaveLength(pageTable.filter((page) => 'name' in page).length);
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
      const declared = pageTable.map((page) => page.path);
      expect(new Set(declared).size).toBe(declared.length);
      expect(routes.map((route) => route.path)).toEqual(declared);
      expect(routes.filter((route) => !route.title)).toEqual([]);
    });
  });
}
