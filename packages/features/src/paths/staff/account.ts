import type { RouteEntry } from '../route-entry';

/**
 * The staff user's own account (its second factor): every staff user opens it, hence the
 * component every staff profile holds, as the home page.
 */
export const staffRoutes = [
  {
    path: '/mon-compte',
    component: 'staff_home_page',
    title: 'Mon compte',
    menu: { section: 'main' },
    screen: 'staff-account-page',
    name: 'account',
  },
] as const satisfies readonly RouteEntry[];
