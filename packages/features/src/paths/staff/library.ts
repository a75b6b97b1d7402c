import type { RouteEntry } from '../route-entry';
import { sharedRoutes } from '../library';

/** The shared pages with their menu entries in `section`. */
function inSection<const R extends readonly RouteEntry[]>(
  routes: R,
  section: string,
): readonly R[number][] {
  return routes.map((route) =>
    route.menu ? { ...route, menu: { ...route.menu, section } } : route,
  );
}

/**
 * The library pages, declared once with the agent portal's (`../library.ts`); the staff console
 * lists them under 'documents'.
 */
export const staffRoutes = /* @__PURE__ */ inSection(sharedRoutes, 'documents');
