import type { AppRoute, MenuSectionDef } from '@portal/features/shell';

export const sections: MenuSectionDef[] = [
  { id: 'main' },
  { id: 'communication', title: 'Communication' },
  { id: 'administration', title: 'Administration' },
  { id: 'training', title: 'Formation' },
];

/**
 * The staff console's signed-in pages, in menu order (the first one whose component the user
 * holds is the home path), without their screens: `screens.ts` adds them, loaded on demand.
 * The home page lists the menu pages from here, so it never imports the module that loads it
 * (no routes <-> home-page cycle). Paths stay literal: the backend's app-routes test reads
 * this file as text against the component catalogue; `screens.test.ts` checks that the
 * helpers of `@portal/features/paths` name these same patterns.
 */
export const pageTable = [
  {
    path: '/accueil',
    component: 'staff_home_page',
    title: 'Accueil',
    menu: { section: 'main' },
  },
  {
    path: '/customers',
    component: 'customers_page',
    title: 'Clients',
    menu: { section: 'main' },
  },
  {
    path: '/customers/:id',
    component: 'customers_detail_page',
    title: 'Fiche client',
  },
  {
    path: '/customers/:id/team/:agentId',
    component: 'team_detail_page',
    title: 'Fiche mandataire',
  },
  {
    path: '/customers/:id/team/:agentId/team',
    component: 'team_page',
    title: 'Équipe du mandataire',
  },
  {
    path: '/customers/:id/team/:agentId/real-estate',
    component: 'team_detail_real_estate_page',
    title: 'Ventes immobilier du mandataire',
  },
  {
    path: '/customers/:id/team/:agentId/investment',
    component: 'team_detail_real_estate_page',
    title: 'Ventes placement du mandataire',
  },
  {
    path: '/sales/real-estate',
    component: 'sales_real_estate_page',
    title: 'Ventes immobilier',
    menu: { section: 'main' },
  },
  {
    path: '/sales/investment',
    component: 'sales_investment_page',
    title: 'Ventes placement',
    menu: { section: 'main' },
  },
  {
    path: '/sales/vlp',
    component: 'sales_vlp_page',
    title: 'Ventes VLP',
    menu: { section: 'main' },
  },
  {
    path: '/sales/real-estate/team/:idCgp',
    component: 'sales_real_estate_page',
    title: 'Ventes immobilier du mandataire',
  },
  {
    path: '/sales/real-estate/clients/:id',
    component: 'customers_detail_page',
    title: 'Fiche client',
  },
  {
    path: '/sales/investment/team/:idCgp',
    component: 'sales_investment_page',
    title: 'Ventes placement du mandataire',
  },
  {
    path: '/sales/investment/clients/:id',
    component: 'customers_detail_page',
    title: 'Fiche client',
  },
  {
    path: '/sales/vlp/team/:idCgp',
    component: 'sales_vlp_page',
    title: 'Ventes VLP du mandataire',
  },
  {
    path: '/sales/vlp/clients/:id',
    component: 'customers_detail_page',
    title: 'Fiche client',
  },
  {
    path: '/team',
    component: 'team_page',
    title: 'Équipes',
    menu: { section: 'main' },
  },
  {
    path: '/team/:agentId',
    component: 'team_detail_page',
    title: 'Fiche mandataire',
  },
  {
    path: '/team/:agentId/team',
    component: 'team_page',
    title: 'Équipe du mandataire',
  },
  {
    path: '/team/:agentId/real-estate',
    component: 'team_detail_real_estate_page',
    title: 'Ventes immobilier du mandataire',
  },
  {
    path: '/team/:agentId/investment',
    component: 'team_detail_real_estate_page',
    title: 'Ventes placement du mandataire',
  },
  {
    path: '/communication/news',
    component: 'communication_news_page',
    title: 'Actualités',
    menu: { section: 'communication' },
  },
  // Before '/communication/news/:id', which would match 'create'.
  {
    path: '/communication/news/create',
    component: 'news_edit_page',
    title: 'Créer une actualité',
  },
  {
    path: '/communication/news/:id/edit',
    component: 'news_edit_page',
    title: 'Modifier une actualité',
  },
  {
    path: '/communication/news/:id',
    component: 'news_details_page',
    title: 'Actualité',
  },
  {
    path: '/communication/pictures-library',
    component: 'pictures_library_page',
    title: 'Banque d’images',
    menu: { section: 'communication' },
  },
  {
    path: '/communication/notifications',
    component: 'notifications_page',
    title: 'Notifications',
    menu: { section: 'communication' },
  },
  {
    path: '/administration/users',
    component: 'users_page',
    title: 'Utilisateurs',
    menu: { section: 'administration' },
  },
  {
    path: '/administration/portail',
    component: 'portail_page',
    title: 'Portail',
    menu: { section: 'administration' },
  },
  {
    path: '/odysseal/roles',
    component: 'odysseal_roles_page',
    title: 'Rôles Odysseal',
    menu: { section: 'training' },
  },
] as const satisfies readonly Omit<AppRoute, 'page'>[];

export type StaffPagePath = (typeof pageTable)[number]['path'];
