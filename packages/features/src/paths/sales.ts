import type { RouteEntry } from './route-entry';

/** Sales: the agent's and the network's lists, their client records and one agent's sales. */
export const agentRoutes = [
  {
    path: '/my-sales/summary',
    component: 'sales_summary_page',
    title: 'Synthèse de mes ventes',
    menu: { section: 'main' },
    screen: 'sales-summary-page',
    name: 'salesSummary',
  },
  {
    path: '/my-sales/real-estate',
    component: 'my_sales_real_estate_page',
    title: 'Mes ventes immobilier',
    menu: { section: 'main' },
    screen: 'real-estate-sales-page',
    name: 'salesRealEstate',
  },
  {
    path: '/my-sales/investment',
    component: 'my_sales_investment_page',
    title: 'Mes ventes placement',
    menu: { section: 'main' },
    screen: 'investment-sales-page',
    name: 'salesInvestment',
  },
  {
    path: '/my-sales/vlp',
    component: 'my_sales_vlp_page',
    title: 'Mes ventes VLP',
    menu: { section: 'main' },
    screen: 'vlp-sales-page',
    name: 'salesVlp',
  },
  {
    path: '/my-sales/real-estate/clients/:id',
    component: 'customers_detail_page',
    title: 'Fiche client',
    screen: 'customer-detail-page',
    name: 'salesRealEstateClient',
  },
  {
    path: '/my-sales/investment/clients/:id',
    component: 'customers_detail_page',
    title: 'Fiche client',
    screen: 'customer-detail-page',
    name: 'salesInvestmentClient',
  },
  {
    path: '/my-sales/vlp/clients/:id',
    component: 'customers_detail_page',
    title: 'Fiche client',
    screen: 'customer-detail-page',
    name: 'salesVlpClient',
  },
  {
    path: '/my-sales/vlp/team/:agentId',
    component: 'team_detail_real_estate_page',
    title: 'Ventes VLP du mandataire',
    screen: 'vlp-sales-page',
    name: 'teamVlp',
  },
  {
    path: '/my-team/:agentId/real-estate',
    component: 'team_detail_real_estate_page',
    title: 'Ventes immobilier du mandataire',
    screen: 'real-estate-sales-page',
    name: 'teamRealEstate',
  },
  {
    path: '/my-team/:agentId/investment',
    component: 'team_detail_real_estate_page',
    title: 'Ventes placement du mandataire',
    screen: 'investment-sales-page',
    name: 'teamInvestment',
  },
] as const satisfies readonly RouteEntry[];
