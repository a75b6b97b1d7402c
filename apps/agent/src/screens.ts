import type { AppRoute, MenuSectionDef, PortalOverlay } from '@portal/features/shell';
import { lazy } from 'react';
import { type AgentPagePath, pageTable } from './routes';

export const sections: MenuSectionDef[] = [{ id: 'main' }];
const main = { section: 'main' };
const customerDetail = lazy(() => import('./pages/customer-detail-page'));

/** Title, menu entry and screen of each page of the table; every screen loads on demand. */
const screens: Record<AgentPagePath, Omit<AppRoute, 'path' | 'component'>> = {
  '/': { title: 'Accueil', menu: main, page: lazy(() => import('./pages/home-page')) },
  '/my/account': {
    title: 'Mon compte',
    menu: main,
    page: lazy(() => import('./pages/account-page')),
  },
  '/my/account/edit': {
    title: 'Modifier mon compte',
    page: lazy(() => import('./pages/account-edit-page')),
  },
  '/my-customers': {
    title: 'Mes clients',
    menu: main,
    page: lazy(() => import('./pages/customers-page')),
  },
  '/my-customers/:id': { title: 'Fiche client', page: customerDetail },
  '/my-sales/summary': {
    title: 'Synthèse de mes ventes',
    menu: main,
    page: lazy(() => import('./pages/sales-summary-page')),
  },
  '/my-sales/real-estate': {
    title: 'Mes ventes immobilier',
    menu: main,
    page: lazy(() => import('./pages/real-estate-sales-page')),
  },
  '/my-sales/investment': {
    title: 'Mes ventes placement',
    menu: main,
    page: lazy(() => import('./pages/investment-sales-page')),
  },
  '/my-sales/vlp': {
    title: 'Mes ventes VLP',
    menu: main,
    page: lazy(() => import('./pages/vlp-sales-page')),
  },
  '/my-sales/real-estate/clients/:id': { title: 'Fiche client', page: customerDetail },
  '/my-sales/investment/clients/:id': { title: 'Fiche client', page: customerDetail },
  '/my-sales/vlp/clients/:id': { title: 'Fiche client', page: customerDetail },
  '/my-sales/vlp/team/:agentId': {
    title: 'Ventes VLP du mandataire',
    page: lazy(() => import('./pages/vlp-sales-page')),
  },
  '/my/training': {
    title: 'Mes formations',
    menu: main,
    page: lazy(() => import('./pages/training-page')),
  },
  '/my-team': {
    title: 'Mon équipe',
    menu: main,
    page: lazy(() => import('./pages/team-page')),
  },
  '/my-team/:agentId': {
    title: 'Fiche mandataire',
    page: lazy(() => import('./pages/agent-detail-page')),
  },
  '/my-team/:agentId/team': {
    title: 'Équipe du mandataire',
    page: lazy(() => import('./pages/team-page')),
  },
  '/my-team-sponsor': {
    title: 'Suivi des filleuls',
    menu: main,
    page: lazy(() => import('./pages/sponsorship-page')),
  },
  '/my-training-team': {
    title: 'Formations de mon équipe',
    menu: main,
    page: lazy(() => import('./pages/team-training-page')),
  },
  '/my-team/:agentId/real-estate': {
    title: 'Ventes immobilier du mandataire',
    page: lazy(() => import('./pages/real-estate-sales-page')),
  },
  '/my-team/:agentId/investment': {
    title: 'Ventes placement du mandataire',
    page: lazy(() => import('./pages/investment-sales-page')),
  },
  '/news': { title: 'Actualités', menu: main, page: lazy(() => import('./pages/news-list-page')) },
  '/news/:id': { title: 'Actualité', page: lazy(() => import('./pages/news-detail-page')) },
};

export const routes: AppRoute[] = pageTable.map((page) => ({ ...page, ...screens[page.path] }));

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
