import type { RouteEntry } from './route-entry';

/**
 * A prospect's record: the same route in both apps, declared once (the staff table takes it too;
 * `apps/backend/test/app-routes.test.ts` reads `sharedRoutes` for both apps).
 */
export const sharedRoutes = [
  {
    path: '/prospects/:id',
    component: 'prospects_detail_page',
    title: 'Fiche prospect',
    screen: 'prospect-detail-page',
    name: 'prospectDetail',
  },
] as const satisfies readonly RouteEntry[];

/** Prospects: an agent's own list and record; staff's network list, by agent, and record. */
export const agentRoutes = [
  {
    path: '/my-prospects',
    component: 'my_prospects_page',
    title: 'Mes prospects',
    menu: { section: 'main' },
    screen: 'prospects-page',
    name: 'prospects',
  },
  ...sharedRoutes,
] as const satisfies readonly RouteEntry[];
