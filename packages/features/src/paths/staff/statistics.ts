import type { RouteEntry } from '../route-entry';

/**
 * The network's statistics (staff): each page its component (spec part 1 §2 names the routes;
 * design in docs/decisions/23-statistics-and-staff-dashboard.md).
 */
export const staffRoutes = [
  {
    path: '/statistiques/taux-uc',
    component: 'statistics_taux_uc_page',
    title: 'Taux UC',
    menu: { section: 'statistics' },
    screen: 'statistics-taux-uc-page',
    name: 'statisticsTauxUc',
  },
  {
    path: '/statistiques/real-estate',
    component: 'statistics_real_estate_page',
    title: 'Statistiques immobilier',
    menu: { section: 'statistics' },
    screen: 'statistics-real-estate-page',
    name: 'statisticsRealEstate',
  },
  {
    path: '/statistiques/investments',
    component: 'statistics_investments_page',
    title: 'Statistiques placements',
    menu: { section: 'statistics' },
    screen: 'statistics-investments-page',
    name: 'statisticsInvestments',
  },
  {
    path: '/statistiques/team',
    component: 'statistics_team_page',
    title: 'Statistiques équipes',
    menu: { section: 'statistics' },
    screen: 'statistics-team-page',
    name: 'statisticsTeam',
  },
] as const satisfies readonly RouteEntry[];
