import type { RouteEntry } from './route-entry';

/** Mes Factures. */
export const agentRoutes = [
  {
    path: '/invoices',
    component: 'invoices_page',
    title: 'Mes Factures',
    menu: { section: 'main' },
    screen: 'invoices-page',
    name: 'invoices',
  },
] as const satisfies readonly RouteEntry[];
