import type { RouteEntry } from '../route-entry';

/**
 * Invoices: the agent's own by year and month, the network's for staff (also narrowed to one
 * agent, or to a customer's agent), and the staff's bulk dispatch.
 */
export const staffRoutes = [
  {
    path: '/invoices/library',
    component: 'invoices_page',
    title: 'Factures',
    menu: { section: 'documents' },
    screen: 'invoices-library-page',
    name: 'invoicesLibrary',
  },
  {
    path: '/invoices/team/:agentId',
    component: 'invoices_page',
    title: 'Factures',
    screen: 'invoices-library-page',
    name: 'invoicesTeam',
  },
  {
    path: '/invoices/clients/:id',
    component: 'invoices_page',
    title: 'Factures',
    screen: 'customer-invoices-page',
    name: 'invoicesClient',
  },
  {
    path: '/invoices/dispatch',
    component: 'invoices_dispatch_page',
    title: 'Dispatch des factures',
    menu: { section: 'documents' },
    screen: 'invoices-dispatch-page',
    name: 'invoicesDispatch',
  },
] as const satisfies readonly RouteEntry[];
