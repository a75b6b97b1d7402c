import type { RouteEntry } from './route-entry';

/** Statistiques. */
export const staffRoutes = [
  {
    path: '/statistics',
    component: 'statistics_page',
    title: 'Statistiques',
    menu: { section: 'main' },
    screen: 'statistics-page',
    name: 'statistics',
  },
] as const satisfies readonly RouteEntry[];
