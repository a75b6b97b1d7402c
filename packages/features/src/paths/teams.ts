import type { RouteEntry } from './route-entry';

/** Teams: an agent's downline, one agent's detail and his team, the team's trainings. */
export const agentRoutes = [
  {
    path: '/my-team',
    component: 'my_team_page',
    title: 'Mon équipe',
    menu: { section: 'main' },
    screen: 'team-page',
    name: 'team',
  },
  {
    path: '/my-team/:agentId',
    component: 'team_detail_page',
    title: 'Fiche mandataire',
    screen: 'agent-detail-page',
    name: 'teamDetail',
  },
  {
    path: '/my-team/:agentId/team',
    component: 'my_team_page',
    title: 'Équipe du mandataire',
    screen: 'team-page',
    name: 'teamOfAgent',
  },
  {
    path: '/my-training-team',
    component: 'training_team_page',
    title: 'Formations de mon équipe',
    menu: { section: 'main' },
    screen: 'team-training-page',
    name: 'trainingTeam',
  },
] as const satisfies readonly RouteEntry[];
