import type { AppRoute } from '@portal/features/shell';
import { lazy } from 'react';
import { pageTable, type StaffPagePath } from './routes';

export { sections } from './routes';

const customerDetail = lazy(() => import('./pages/customer-detail-page'));
const realEstate = lazy(() => import('./pages/real-estate-sales-page'));
const investment = lazy(() => import('./pages/investment-sales-page'));
const vlp = lazy(() => import('./pages/vlp-sales-page'));
const team = lazy(() => import('./pages/team-page'));
const agentDetail = lazy(() => import('./pages/agent-detail-page'));

/** The screen of each page of the table, loaded on demand. */
const screens: Record<StaffPagePath, AppRoute['page']> = {
  '/accueil': lazy(() => import('./pages/home-page')),
  '/customers': lazy(() => import('./pages/customers-page')),
  '/customers/:id': customerDetail,
  '/customers/:id/team/:agentId': agentDetail,
  '/customers/:id/team/:agentId/team': team,
  '/customers/:id/team/:agentId/real-estate': realEstate,
  '/customers/:id/team/:agentId/investment': investment,
  '/sales/real-estate': realEstate,
  '/sales/investment': investment,
  '/sales/vlp': vlp,
  '/sales/real-estate/team/:idCgp': realEstate,
  '/sales/real-estate/clients/:id': customerDetail,
  '/sales/investment/team/:idCgp': investment,
  '/sales/investment/clients/:id': customerDetail,
  '/sales/vlp/team/:idCgp': vlp,
  '/sales/vlp/clients/:id': customerDetail,
  '/team': team,
  '/team/:agentId': agentDetail,
  '/team/:agentId/team': team,
  '/team/:agentId/real-estate': realEstate,
  '/team/:agentId/investment': investment,
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
