import type { RouteEntry } from '../route-entry';

/** Home pages. */
export const staffRoutes = [
  {
    path: '/accueil',
    component: 'staff_home_page',
    title: 'Accueil',
    menu: { section: 'main' },
    screen: 'home-page',
    name: 'home',
  },
] as const satisfies readonly RouteEntry[];
