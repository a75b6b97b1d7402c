import type { RouteEntry } from './route-entry';

/** The agent's help page: support address, helpdesk, training portal and support request. */
export const agentRoutes = [
  {
    path: '/support',
    component: 'support_page',
    title: 'Support',
    menu: { section: 'main' },
    screen: 'support-page',
    name: 'support',
  },
] as const satisfies readonly RouteEntry[];
