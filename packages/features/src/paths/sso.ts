import type { RouteEntry } from './route-entry';

/**
 * Single sign-on towards the training portal and the helpdesk (spec part 1 §2): any agent may
 * open it (`home_page`); the backend checks `sso_odysseal` for the training portal.
 */
export const agentRoutes = [
  {
    path: '/redirect/:sso',
    component: 'home_page',
    title: 'Redirection',
    screen: 'sso-redirect-page',
    name: 'ssoRedirect',
  },
] as const satisfies readonly RouteEntry[];
