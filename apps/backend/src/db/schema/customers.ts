import { date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { agents } from './agents.js';
import { createdAt } from './columns.js';

/** Customers (clients) of one agent. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    /** Business reference shown to users, e.g. CLI000042. */
    clientId: text('client_id').notNull().unique(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'restrict' }),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    birthDate: date('birth_date'),
    email: text('email'),
    phone: text('phone'),
    zipCode: text('zip_code'),
    city: text('city'),
    createdAt: createdAt(),
  },
  (t) => [
    index('customers_agent_name_idx').on(t.agentId, t.lastName, t.firstName, t.id),
    index('customers_name_idx').on(t.lastName, t.firstName, t.id),
    index('customers_zip_idx').on(t.zipCode),
  ],
);
