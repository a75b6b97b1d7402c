import type { AppRoute, MenuSectionDef } from '@portal/features/shell';
import { lazy } from 'react';

export const sections: MenuSectionDef[] = [
  { id: 'main' },
  { id: 'administration', title: 'Administration' },
  { id: 'training', title: 'Formation' },
];

/**
 * The staff console's signed-in pages, in menu order (the first one whose component the user
 * holds is the home path). Every page loads on demand.
 */
export const routes: AppRoute[] = [
  {
    path: '/accueil',
    component: 'staff_home_page',
    title: 'Accueil',
    menu: { section: 'main' },
    page: lazy(() => import('./pages/home-page')),
  },
  {
    path: '/administration/users',
    component: 'users_page',
    title: 'Utilisateurs',
    menu: { section: 'administration' },
    page: lazy(() => import('./pages/users-page')),
  },
  {
    path: '/administration/portail',
    component: 'portail_page',
    title: 'Portail',
    menu: { section: 'administration' },
    page: lazy(() => import('./pages/portal-page')),
  },
  {
    path: '/odysseal/roles',
    component: 'odysseal_roles_page',
    title: 'Rôles Odysseal',
    menu: { section: 'training' },
    page: lazy(() => import('./pages/role-mapping-page')),
  },
];
