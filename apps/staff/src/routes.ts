import type { AppRoute, MenuSectionDef } from '@portal/features/shell';
import { lazy } from 'react';

export const sections: MenuSectionDef[] = [
  { id: 'main' },
  { id: 'communication', title: 'Communication' },
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
    path: '/communication/news',
    component: 'communication_news_page',
    title: 'Actualités',
    menu: { section: 'communication' },
    page: lazy(() => import('./pages/news-list-page')),
  },
  // Before '/communication/news/:id', which would match 'create'.
  {
    path: '/communication/news/create',
    component: 'news_edit_page',
    title: 'Créer une actualité',
    page: lazy(() => import('./pages/news-create-page')),
  },
  {
    path: '/communication/news/:id/edit',
    component: 'news_edit_page',
    title: 'Modifier une actualité',
    page: lazy(() => import('./pages/news-edit-page')),
  },
  {
    path: '/communication/news/:id',
    component: 'news_details_page',
    title: 'Actualité',
    page: lazy(() => import('./pages/news-detail-page')),
  },
  {
    path: '/communication/pictures-library',
    component: 'pictures_library_page',
    title: 'Banque d’images',
    menu: { section: 'communication' },
    page: lazy(() => import('./pages/pictures-library-page')),
  },
  {
    path: '/communication/notifications',
    component: 'notifications_page',
    title: 'Notifications',
    menu: { section: 'communication' },
    page: lazy(() => import('./pages/notifications-page')),
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
