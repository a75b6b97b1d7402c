import type { RouteEntry } from './route-entry';

/** Mes rappels. */
export const agentRoutes = [
  {
    path: '/my/reminders',
    component: 'reminders_page',
    title: 'Mes rappels',
    menu: { section: 'main' },
    screen: 'reminders-page',
    name: 'reminders',
  },
] as const satisfies readonly RouteEntry[];
