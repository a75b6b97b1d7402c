import type { AppRoute, MenuSectionDef } from '@portal/features/shell';
import { lazy } from 'react';

export const sections: MenuSectionDef[] = [{ id: 'main' }];

/**
 * The agent portal's signed-in pages, in menu order (the first one whose component the user
 * holds is the home path). Every page loads on demand.
 */
export const routes: AppRoute[] = [
  {
    path: '/',
    component: 'home_page',
    title: 'Accueil',
    menu: { section: 'main' },
    page: lazy(() => import('./pages/home-page')),
  },
  {
    path: '/my/account',
    component: 'account_page',
    title: 'Mon compte',
    menu: { section: 'main' },
    page: lazy(() => import('./pages/account-page')),
  },
];
