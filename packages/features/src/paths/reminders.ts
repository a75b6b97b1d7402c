import type { RouteEntry } from './route-entry';

/** Reminders: an agent's own (with the network ones shown to him), and staff's network ones. */
export const agentRoutes = [
  {
    path: '/my/reminders',
    component: 'reminders_page',
    title: 'Mes rappels',
    menu: { section: 'main' },
    screen: 'reminders-page',
    name: 'reminders',
  },
  {
    path: '/my/reminders/reporting',
    component: 'reminders_reporting_page',
    title: 'Rapport des rappels',
    screen: 'reminder-reporting-page',
    name: 'reminderReporting',
  },
  {
    path: '/my/reminders/create',
    component: 'reminders_edit_page',
    title: 'Nouveau rappel',
    screen: 'reminder-create-page',
    name: 'reminderCreate',
  },
  {
    path: '/my/reminders/:id/edit',
    component: 'reminders_edit_page',
    title: 'Modifier le rappel',
    screen: 'reminder-edit-page',
    name: 'reminderEdit',
  },
  {
    path: '/my/reminders/:id',
    component: 'reminders_detail_page',
    title: 'Rappel',
    screen: 'reminder-detail-page',
    name: 'reminderDetail',
  },
] as const satisfies readonly RouteEntry[];
