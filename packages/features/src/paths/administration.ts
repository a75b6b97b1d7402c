import type { RouteEntry } from './route-entry';

/** Administration: users and the portal settings. */
export const staffRoutes = [
  {
    path: '/administration/users',
    component: 'users_page',
    title: 'Utilisateurs',
    menu: { section: 'administration' },
    screen: 'users-page',
    name: 'users',
  },
  {
    path: '/administration/portail',
    component: 'portail_page',
    title: 'Portail',
    menu: { section: 'administration' },
    screen: 'portal-page',
    name: 'portal',
  },
] as const satisfies readonly RouteEntry[];
