import type { RouteEntry } from '../route-entry';

/** The training platform (Odysseal): profile to role mapping. */
export const staffRoutes = [
  {
    path: '/odysseal/roles',
    component: 'odysseal_roles_page',
    title: 'Rôles Odysseal',
    menu: { section: 'training' },
    screen: 'role-mapping-page',
    name: 'odyssealRoles',
  },
] as const satisfies readonly RouteEntry[];
