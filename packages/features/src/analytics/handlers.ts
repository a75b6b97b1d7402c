import { apiHandler, hydraCollection } from '../testing';

/** Example rows of `GET /analytics` for the screen tests. */
export const analyticsRows = ['Premier', 'Deuxième', 'Troisième'].map((label, i) => ({
  '@id': `/analytics/${i + 1}`,
  '@type': 'AnalyticsItem' as const,
  id: i + 1,
  label,
}));

/** The MSW handlers of the area: the list, filtered by label like the backend. */
export const analyticsHandlers = [
  apiHandler('get', '/analytics', ({ query }) => {
    const label = query.get('label')?.toLowerCase() ?? '';
    const rows = analyticsRows.filter((row) => row.label.toLowerCase().includes(label));
    return hydraCollection(rows, rows.length);
  }),
];
