import { sql } from 'drizzle-orm';
import { handListPaging } from './pagination.js';
import { sourceColumns, toNumber, toText } from './sources.js';
import type { SourceResourceSpec } from './types.js';

const rows = sourceColumns('reminders', { id: toNumber, label: toText });
const fields = { id: rows.id, label: rows.label };

export interface RemindersRow {
  id: number;
  label: string;
}

/**
 * `GET /reminders` (Mes rappels). Scaffolded over example rows: put the area's table (or its
 * query) here, with its filters, orders and scope (docs/resource-layer.md).
 */
export const remindersResource: SourceResourceSpec<typeof fields, RemindersRow> = {
  path: '/reminders',
  type: 'RemindersItem',
  source: {
    alias: 'reminders',
    query: () =>
      sql`select * from (values (1, 'Premier'), (2, 'Deuxième'), (3, 'Troisième')) as example(id, label)`,
  },
  id: rows.id,
  fields,
  joins: {},
  filters: [{ param: 'label', kind: 'partial', expr: rows.label }],
  orders: { label: rows.label },
  defaultOrder: [['label', 'asc']],
  pagination: handListPaging(10),
  scope: async () => undefined,
  serialize: (row) => ({
    '@id': `/reminders/${row.id}`,
    '@type': 'RemindersItem',
    id: row.id,
    label: row.label,
  }),
};
