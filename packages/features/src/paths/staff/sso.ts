import type { RouteEntry } from '../route-entry';

/**
 * Single sign-on towards the training portal and the helpdesk (spec part 1 §2, a staff route
 * too): the agent portal's page, opened by any staff user (`staff_home_page`); the backend
 * checks `sso_odysseal` for the training portal.
 */
export const staffRoutes = [
  {
    path: '/redirect/:sso',
    component: 'staff_home_page',
    title: 'Redirection',
    screen: 'sso-redirect-page',
    name: 'ssoRedirect',
  },
] as const satisfies readonly RouteEntry[];
