import type { RouteEntry } from './route-entry';

/** Utilisateurs suivis. */
export const staffRoutes = [
  {
    path: '/analytics',
    component: 'analytics_page',
    title: 'Utilisateurs suivis',
    menu: { section: 'main' },
    screen: 'analytics-page',
    name: 'analytics',
  },
] as const satisfies readonly RouteEntry[];
