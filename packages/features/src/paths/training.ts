import type { RouteEntry } from './route-entry';

/** The agent's own trainings. */
export const agentRoutes = [
  {
    path: '/my/training',
    component: 'training_page',
    title: 'Mes formations',
    menu: { section: 'main' },
    screen: 'training-page',
    name: 'training',
  },
] as const satisfies readonly RouteEntry[];
