import type { AppRoute } from '@portal/features/shell';
import { lazy } from 'react';
import { pageTable, type StaffPagePath } from './routes';

export { sections } from './routes';

/** The screen of each page of the table, loaded on demand. */
const screens: Record<StaffPagePath, AppRoute['page']> = {
  '/accueil': lazy(() => import('./pages/home-page')),
  '/customers': lazy(() => import('./pages/customers-page')),
  '/customers/:id': lazy(() => import('./pages/customer-detail-page')),
  '/sales/real-estate': lazy(() => import('./pages/real-estate-sales-page')),
  '/sales/investment': lazy(() => import('./pages/investment-sales-page')),
  '/sales/vlp': lazy(() => import('./pages/vlp-sales-page')),
  '/communication/news': lazy(() => import('./pages/news-list-page')),
  '/communication/news/create': lazy(() => import('./pages/news-create-page')),
  '/communication/news/:id/edit': lazy(() => import('./pages/news-edit-page')),
  '/communication/news/:id': lazy(() => import('./pages/news-detail-page')),
  '/communication/pictures-library': lazy(() => import('./pages/pictures-library-page')),
  '/communication/notifications': lazy(() => import('./pages/notifications-page')),
  '/administration/users': lazy(() => import('./pages/users-page')),
  '/administration/portail': lazy(() => import('./pages/portal-page')),
  '/odysseal/roles': lazy(() => import('./pages/role-mapping-page')),
};

/** The staff console's signed-in pages, in menu order, each with its screen. */
export const routes: AppRoute[] = pageTable.map((page) => ({ ...page, page: screens[page.path] }));
