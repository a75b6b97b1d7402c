import { apiHandler, hydraCollection } from '../testing';

/** Example rows of `GET /invoices` for the screen tests. */
export const invoicesRows = ['Premier', 'Deuxième', 'Troisième'].map((label, i) => ({
  '@id': `/invoices/${i + 1}`,
  '@type': 'InvoicesItem' as const,
  id: i + 1,
  label,
}));

/** The MSW handlers of the area: the list, filtered by label like the backend. */
export const invoicesHandlers = [
  apiHandler('get', '/invoices', ({ query }) => {
    const label = query.get('label')?.toLowerCase() ?? '';
    const rows = invoicesRows.filter((row) => row.label.toLowerCase().includes(label));
    return hydraCollection(rows, rows.length);
  }),
];
