import { sql } from 'drizzle-orm';
import { date, index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { agents } from './agents.js';
import { createdAt, requiredReference } from './columns.js';

/** Customers (clients) of one agent. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    /** Business reference shown to users, e.g. CLI000042. */
    clientId: text('client_id').notNull().unique(),
    agentId: requiredReference('agent_id', () => agents.id, 'restrict'),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    /**
     * The names lower-cased, kept by PostgreSQL: the "contains" filters compare them with `like`
     * (what `ilike` does, without lower-casing every row of a scan).
     */
    lastNameFolded: text('last_name_folded')
      .notNull()
      .generatedAlwaysAs(sql`lower(last_name)`),
    firstNameFolded: text('first_name_folded')
      .notNull()
      .generatedAlwaysAs(sql`lower(first_name)`),
    birthDate: date('birth_date'),
    email: text('email'),
    phone: text('phone'),
    zipCode: text('zip_code'),
    city: text('city'),
    createdAt: createdAt(),
  },
  (t) => [
    index('customers_agent_name_idx').on(t.agentId, t.lastName, t.firstName, t.id),
    // The folded names after the id (they never change the order): a "contains" search walks
    // this index in name order without visiting the table (index-only scan).
    index('customers_name_idx').on(
      t.lastName,
      t.firstName,
      t.id,
      t.lastNameFolded,
      t.firstNameFolded,
    ),
    index('customers_zip_idx').on(t.zipCode),
  ],
);
