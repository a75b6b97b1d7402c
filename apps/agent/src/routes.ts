/**
 * The agent portal's signed-in pages, in menu order (the first one whose component the user
 * holds is the home path): path and component only, which is all the sign-in route needs.
 * Titles, menu entries and screens are in `screens.ts`, loaded with the first signed-in page.
 * Paths stay literal: the backend's app-routes test reads this file as text against the
 * component catalogue.
 */
export const pageTable = [
  { path: '/', component: 'home_page' },
  { path: '/my/account', component: 'account_page' },
  { path: '/my/account/edit', component: 'account_modifications_page' },
  { path: '/my-customers', component: 'my_customers_page' },
  { path: '/my-customers/:id', component: 'customers_detail_page' },
  { path: '/my-sales/summary', component: 'sales_summary_page' },
  { path: '/my-sales/real-estate', component: 'my_sales_real_estate_page' },
  { path: '/my-sales/investment', component: 'my_sales_investment_page' },
  { path: '/my-sales/vlp', component: 'my_sales_vlp_page' },
  { path: '/my-sales/real-estate/clients/:id', component: 'customers_detail_page' },
  { path: '/my-sales/investment/clients/:id', component: 'customers_detail_page' },
  { path: '/my-sales/vlp/clients/:id', component: 'customers_detail_page' },
  { path: '/my-sales/vlp/team/:agentId', component: 'team_detail_real_estate_page' },
  { path: '/my/training', component: 'training_page' },
  { path: '/my-team', component: 'my_team_page' },
  { path: '/my-team/:agentId', component: 'team_detail_page' },
  { path: '/my-team/:agentId/team', component: 'my_team_page' },
  { path: '/my-team-sponsor', component: 'team_sponsor_page' },
  { path: '/my-training-team', component: 'training_team_page' },
  { path: '/my-team/:agentId/real-estate', component: 'team_detail_real_estate_page' },
  { path: '/my-team/:agentId/investment', component: 'team_detail_real_estate_page' },
  { path: '/news', component: 'news_page' },
  { path: '/news/:id', component: 'news_details_page' },
] as const;

export type AgentPagePath = (typeof pageTable)[number]['path'];
