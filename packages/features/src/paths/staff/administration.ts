import type { RouteEntry } from '../route-entry';

/** Administration: users, the portal settings and the audit trail. */
export const staffRoutes = [
  {
    path: '/administration/users',
    component: 'users_page',
    title: 'Utilisateurs',
    menu: { section: 'administration' },
    screen: 'users-page',
    name: 'users',
  },
  // Before `/administration/users/:id`, which would take 'create' for an id.
  {
    path: '/administration/users/create',
    component: 'users_edit_page',
    title: 'Créer un utilisateur',
    screen: 'user-create-page',
    name: 'userCreate',
  },
  {
    path: '/administration/users/:id/edit',
    component: 'users_edit_page',
    title: 'Modifier un utilisateur',
    screen: 'user-edit-page',
    name: 'userEdit',
  },
  {
    path: '/administration/users/:id',
    component: 'users_details_page',
    title: 'Détail d’un utilisateur',
    screen: 'user-detail-page',
    name: 'userDetail',
  },
  {
    path: '/administration/portail',
    component: 'portail_page',
    title: 'Portail',
    menu: { section: 'administration' },
    screen: 'portal-page',
    name: 'portal',
  },
  {
    path: '/administration/audit',
    component: 'audit_page',
    title: 'Journal d’audit',
    menu: { section: 'administration' },
    screen: 'audit-page',
    name: 'audit',
  },
] as const satisfies readonly RouteEntry[];
