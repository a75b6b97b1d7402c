import type { RouteEntry } from './route-entry';

/** The agent's own account. */
export const agentRoutes = [
  {
    path: '/my/account',
    component: 'account_page',
    title: 'Mon compte',
    menu: { section: 'main' },
    screen: 'account-page',
    name: 'account',
  },
  {
    path: '/my/account/edit',
    component: 'account_modifications_page',
    title: 'Modifier mon compte',
    screen: 'account-edit-page',
    name: 'accountEdit',
  },
] as const satisfies readonly RouteEntry[];
