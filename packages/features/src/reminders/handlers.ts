import type { Reminder } from '@portal/api/reminders';
import { apiHandler, hydraCollection } from '../testing';

/** A reminder as the API answers it. */
export const reminderOf = (
  id: number,
  title: string,
  type: Reminder['type'],
  date: string,
): Reminder => ({
  '@id': `/reminders/${id}`,
  '@type': 'Reminder',
  id,
  title,
  content: null,
  date,
  type,
  displayed: true,
  client: null,
  clientId: null,
  prospect: type === 'personal' ? 'M. Prospect' : null,
  author: null,
});

/** The agent's list: two personal reminders and one from the network. */
export const reminderRows = [
  reminderOf(11, 'Appeler Mme Durand', 'personal', '2026-11-20T08:00:00Z'),
  reminderOf(12, 'Bilan annuel', 'personal', '2026-11-20T13:30:00Z'),
  reminderOf(13, 'Convention nationale', 'hubnup', '2026-11-05T09:00:00Z'),
];

/** Calls the handlers saw, `METHOD path?query`. */
export const reminderCalls: string[] = [];

/** The MSW handlers of the area: the agent's entries (filtered by title), calendar, deletes. */
export const remindersHandlers = [
  apiHandler('get', '/reminder_list/user', ({ query }) => {
    reminderCalls.push(`GET /reminder_list/user?${query}`);
    const title = query.get('title')?.toLowerCase() ?? '';
    const reminder = Number(query.get('reminder') ?? 0);
    const rows = reminderRows
      .filter((row) => row.title.toLowerCase().includes(title))
      .filter((row) => !reminder || row.id === reminder)
      .map((reminder) => ({
        '@id': `/reminder_lists/${reminder.id + 100}`,
        '@type': 'ReminderList' as const,
        id: reminder.id + 100,
        reminder,
        user: { id: 4, firstName: 'Claire', lastName: 'Martin' },
      }));
    return hydraCollection(rows, rows.length);
  }),
  apiHandler('get', '/reminder_list/user/calendar', ({ query }) => {
    reminderCalls.push(`GET /reminder_list/user/calendar?${query}`);
    return {
      month: query.get('month') ?? '',
      days: [
        { date: '2026-11-20', count: 12 },
        { date: '2026-11-05', count: 1 },
      ],
    };
  }),
  apiHandler('delete', '/reminders/{id}', ({ params }) => {
    reminderCalls.push(`DELETE /reminders/${params.id}`);
    return new Response(null, { status: 204 });
  }),
  apiHandler('delete', '/reminder_lists/{id}', ({ params }) => {
    reminderCalls.push(`DELETE /reminder_lists/${params.id}`);
    return new Response(null, { status: 204 });
  }),
];
