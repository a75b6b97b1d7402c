import type { AppRoute, MenuSectionDef, PortalOverlay } from '@portal/features/shell';
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
  {
    path: '/my/account/edit',
    component: 'account_modifications_page',
    title: 'Modifier mon compte',
    page: lazy(() => import('./pages/account-edit-page')),
  },
  {
    path: '/my-customers',
    component: 'my_customers_page',
    title: 'Mes clients',
    menu: { section: 'main' },
    page: lazy(() => import('./pages/customers-page')),
  },
  {
    path: '/my-customers/:id',
    component: 'customers_detail_page',
    title: 'Fiche client',
    page: lazy(() => import('./pages/customer-detail-page')),
  },
  {
    path: '/news',
    component: 'news_page',
    title: 'Actualités',
    menu: { section: 'main' },
    page: lazy(() => import('./pages/news-list-page')),
  },
  {
    path: '/news/:id',
    component: 'news_details_page',
    title: 'Actualité',
    page: lazy(() => import('./pages/news-detail-page')),
  },
];

/**
 * Over the signed-in pages: the news popup, while the session's `onLoginAgent` is set; not
 * while an administrator views the portal as the agent (it would read her news for her).
 */
export const overlays: PortalOverlay[] = [
  {
    when: (session) => session.onLoginAgent && !session.isImpersonateUser,
    component: lazy(() => import('./pages/news-popup')),
  },
];
