import type { RouteEntry } from './route-entry';

/** Home pages. */
export const agentRoutes = [
  {
    path: '/',
    component: 'home_page',
    title: 'Accueil',
    menu: { section: 'main' },
    screen: 'home-page',
    name: 'home',
  },
] as const satisfies readonly RouteEntry[];

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
