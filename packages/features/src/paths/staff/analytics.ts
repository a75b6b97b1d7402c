import type { RouteEntry } from '../route-entry';

/** Usage analytics: the network's figures and each user's (staff). */
export const staffRoutes = [
  {
    path: '/tracking/global',
    component: 'tracking_page',
    title: 'Suivi global',
    menu: { section: 'tracking' },
    screen: 'tracking-global-page',
    name: 'trackingGlobal',
  },
  {
    path: '/tracking/users',
    component: 'tracking_users_page',
    title: 'Suivi par utilisateur',
    menu: { section: 'tracking' },
    screen: 'tracking-users-page',
    name: 'trackingUsers',
  },
  {
    path: '/tracking/users/:id/details',
    component: 'tracking_users_page',
    title: "Suivi d'un utilisateur",
    screen: 'tracking-user-details-page',
    name: 'trackingUserDetails',
  },
] as const satisfies readonly RouteEntry[];
