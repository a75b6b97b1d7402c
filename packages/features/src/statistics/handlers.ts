import { apiHandler, hydraCollection } from '../testing';

/** Example rows of `GET /statistics` for the screen tests. */
export const statisticsRows = ['Premier', 'Deuxième', 'Troisième'].map((label, i) => ({
  '@id': `/statistics/${i + 1}`,
  '@type': 'StatisticsItem' as const,
  id: i + 1,
  label,
}));

/** The MSW handlers of the area: the list, filtered by label like the backend. */
export const statisticsHandlers = [
  apiHandler('get', '/statistics', ({ query }) => {
    const label = query.get('label')?.toLowerCase() ?? '';
    const rows = statisticsRows.filter((row) => row.label.toLowerCase().includes(label));
    return hydraCollection(rows, rows.length);
  }),
];
