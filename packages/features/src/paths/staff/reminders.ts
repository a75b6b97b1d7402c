import type { RouteEntry } from '../route-entry';

/** Reminders: an agent's own (with the network ones shown to him), and staff's network ones. */
export const staffRoutes = [
  {
    path: '/communication/reminders',
    component: 'communication_reminders_page',
    title: 'Rappels réseau',
    menu: { section: 'communication' },
    screen: 'reminders-page',
    name: 'reminders',
  },
  {
    path: '/communication/reminders/create',
    component: 'communication_reminders_page',
    title: 'Nouveau rappel réseau',
    screen: 'reminder-create-page',
    name: 'reminderCreate',
  },
  {
    path: '/communication/reminders/:id/edit',
    component: 'communication_reminders_page',
    title: 'Modifier le rappel réseau',
    screen: 'reminder-edit-page',
    name: 'reminderEdit',
  },
  {
    path: '/communication/reminders/:id',
    component: 'communication_reminders_page',
    title: 'Rappel réseau',
    screen: 'reminder-detail-page',
    name: 'reminderDetail',
  },
] as const satisfies readonly RouteEntry[];
