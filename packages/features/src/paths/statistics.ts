import type { RouteEntry } from './route-entry';

/**
 * The network's statistics (staff): each page its component (spec part 1 §2 names the routes;
 * design in docs/decisions.md). Composed by the staff app alone (`apps/staff/src/routes.ts`),
 * not in `staffRouteTable`: the agent's sign-in route carries that table (docs/budgets.md).
 */
export const staffRoutes = [
  {
    path: '/statistiques/taux-uc',
    component: 'statistics_taux_uc_page',
    title: 'Taux UC',
    menu: { section: 'statistics' },
    screen: 'statistics-taux-uc-page',
  },
  {
    path: '/statistiques/real-estate',
    component: 'statistics_real_estate_page',
    title: 'Statistiques immobilier',
    menu: { section: 'statistics' },
    screen: 'statistics-real-estate-page',
  },
  {
    path: '/statistiques/investments',
    component: 'statistics_investments_page',
    title: 'Statistiques placements',
    menu: { section: 'statistics' },
    screen: 'statistics-investments-page',
  },
  {
    path: '/statistiques/team',
    component: 'statistics_team_page',
    title: 'Statistiques équipes',
    menu: { section: 'statistics' },
    screen: 'statistics-team-page',
  },
] as const satisfies readonly RouteEntry[];

/** The statistics pages' URLs. */
export const statisticsPaths = {
  tauxUc: '/statistiques/taux-uc',
  realEstate: '/statistiques/real-estate',
  investments: '/statistiques/investments',
  team: '/statistiques/team',
} as const satisfies Record<string, (typeof staffRoutes)[number]['path']>;
