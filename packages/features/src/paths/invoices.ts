import type { RouteEntry } from './route-entry';

/**
 * Invoices: the agent's own by year and month, the network's for staff (also narrowed to one
 * agent, or to a customer's agent), and the staff's bulk dispatch.
 */
export const agentRoutes = [
  {
    path: '/my-invoices/library',
    component: 'my_invoices_page',
    title: 'Mes Factures',
    menu: { section: 'main' },
    screen: 'my-invoices-page',
    name: 'myInvoices',
  },
  {
    path: '/my-invoices/clients/:id',
    component: 'my_invoices_page',
    title: 'Mes Factures',
    screen: 'customer-invoices-page',
    name: 'myInvoicesClient',
  },
] as const satisfies readonly RouteEntry[];
