import type { RouteEntry } from './route-entry';

/** Sponsorship tracking: the registrations a sponsor follows. */
export const agentRoutes = [
  {
    path: '/my-team-sponsor',
    component: 'team_sponsor_page',
    title: 'Suivi des filleuls',
    menu: { section: 'main' },
    screen: 'sponsorship-page',
    name: 'teamSponsor',
  },
] as const satisfies readonly RouteEntry[];
