import type { RouteEntry } from '../route-entry';

/** Teams: an agent's downline, one agent's detail and his team, the team's trainings. */
export const staffRoutes = [
  {
    path: '/team',
    component: 'team_page',
    title: 'Équipes',
    menu: { section: 'main' },
    screen: 'team-page',
    name: 'team',
  },
  {
    path: '/team/:agentId',
    component: 'team_detail_page',
    title: 'Fiche mandataire',
    screen: 'agent-detail-page',
    name: 'teamDetail',
  },
  {
    path: '/team/:agentId/team',
    component: 'team_page',
    title: 'Équipe du mandataire',
    screen: 'team-page',
    name: 'teamOfAgent',
  },
  {
    path: '/customers/:id/team/:agentId',
    component: 'team_detail_page',
    title: 'Fiche mandataire',
    screen: 'agent-detail-page',
    name: 'customerAgent',
  },
  {
    path: '/customers/:id/team/:agentId/team',
    component: 'team_page',
    title: 'Équipe du mandataire',
    screen: 'team-page',
    name: 'customerAgentTeam',
  },
] as const satisfies readonly RouteEntry[];
