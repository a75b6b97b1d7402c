import { apiHandler, hydraCollection } from '../testing';

/** Example rows of `GET /reminders` for the screen tests. */
export const remindersRows = ['Premier', 'Deuxième', 'Troisième'].map((title, i) => ({
  '@id': `/reminders/${i + 1}`,
  '@type': 'Reminder' as const,
  id: i + 1,
  title,
  content: null,
  date: `2026-11-2${i + 1}T09:00:00.000Z`,
  type: 'personal' as const,
  displayed: true,
  client: null,
  clientId: null,
  prospect: null,
  author: null,
}));

/** The MSW handlers of the area: the list, filtered by title like the backend. */
export const remindersHandlers = [
  apiHandler('get', '/reminders', ({ query }) => {
    const title = query.get('title')?.toLowerCase() ?? '';
    const rows = remindersRows.filter((row) => row.title.toLowerCase().includes(title));
    return hydraCollection(rows, rows.length);
  }),
];
