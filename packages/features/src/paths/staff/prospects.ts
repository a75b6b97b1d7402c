import { sharedRoutes } from '../prospects';
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
  ...sharedRoutes,
] as const satisfies readonly RouteEntry[];
