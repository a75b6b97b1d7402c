import { type ComponentType, lazy } from 'react';
import type { AppRoute, RouteParams } from './routes';

/** A signed-in page as an app renders it: the feature's screen with what the app gives it. */
export type Screen = ComponentType<{ params: RouteParams }>;

/**
 * Loads one screen on demand: `() => import('@portal/features/<area>').then(…)`, a dynamic
 * import so that each screen stays a chunk of its own, loaded with its first visit.
 */
export type ScreenLoader = () => Promise<Screen>;

/**
 * An app's signed-in pages: each route of its table (`screen` names its loader) with the lazy
 * screen of that loader, made once per name (routes naming the same screen share it).
 */
export function withScreens<R extends { readonly screen: string }>(
  table: readonly R[],
  loaders: Readonly<Record<string, ScreenLoader>>,
): (Omit<R, 'screen'> & Pick<AppRoute, 'page'>)[] {
  const screens = new Map<string, AppRoute['page']>();
  const screen = (name: string) => {
    const load = loaders[name];
    if (!load) throw new Error(`No screen loader named ${name}`);
    if (!screens.has(name)) {
      let loading: Promise<{ default: Screen }> | null = null;
      const preload = () => (loading ??= load().then((page) => ({ default: page })));
      screens.set(name, Object.assign(lazy(preload), { preload }));
    }
    return screens.get(name)!;
  };
  return table.map(({ screen: name, ...route }) => ({ ...route, page: screen(name) }));
}

/**
 * What the apps' tests check: the route tables' screens without a loader, and the loaders no
 * route names (a leftover); both empty when table and loaders match.
 */
export function unmatchedScreens(
  table: readonly { readonly screen: string }[],
  loaders: Readonly<Record<string, ScreenLoader>>,
) {
  const named = new Set(table.map((route) => route.screen));
  return {
    withoutLoader: [...named].filter((name) => !(name in loaders)).sort(),
    withoutRoute: Object.keys(loaders)
      .filter((name) => !named.has(name))
      .sort(),
  };
}

/** The screens whose loader gives no component (each one loaded, one after the other). */
export async function screensNotLoading(loaders: Readonly<Record<string, ScreenLoader>>) {
  const failing: string[] = [];
  for (const [name, load] of Object.entries(loaders))
    if (typeof (await load()) !== 'function') failing.push(name);
  return failing;
}
