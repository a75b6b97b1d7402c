import type { RouteEntry } from './route-entry';

/** Customers: the list and a customer's record (the sales' client routes are in `sales.ts`). */
export const agentRoutes = [
  {
    path: '/my-customers',
    component: 'my_customers_page',
    title: 'Mes clients',
    menu: { section: 'main' },
    screen: 'customers-page',
    name: 'customers',
  },
  {
    path: '/my-customers/:id',
    component: 'customers_detail_page',
    title: 'Fiche client',
    screen: 'customer-detail-page',
    name: 'customerDetail',
  },
] as const satisfies readonly RouteEntry[];
