import type { RouteEntry } from '../route-entry';

/** Prospects: an agent's own list and record; staff's network list, by agent, and record. */
export const staffRoutes = [
  {
    path: '/prospects',
    component: 'prospects_page',
    title: 'Prospects',
    menu: { section: 'main' },
    screen: 'prospects-page',
    name: 'prospects',
  },
  {
    path: '/prospects/team/:agentId',
    component: 'prospects_page',
    title: 'Prospects d’un mandataire',
    screen: 'prospects-team-page',
    name: 'prospectsTeam',
  },
  {
    path: '/prospects/:id',
    component: 'prospects_detail_page',
    title: 'Fiche prospect',
    screen: 'prospect-detail-page',
    name: 'prospectDetail',
  },
] as const satisfies readonly RouteEntry[];
