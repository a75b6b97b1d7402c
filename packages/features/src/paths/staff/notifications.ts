import type { RouteEntry } from '../route-entry';

/** Notifications: lists, rules and sending. */
export const staffRoutes = [
  {
    path: '/communication/notifications',
    component: 'notifications_page',
    title: 'Notifications',
    menu: { section: 'communication' },
    screen: 'notifications-page',
    name: 'notifications',
  },
] as const satisfies readonly RouteEntry[];
