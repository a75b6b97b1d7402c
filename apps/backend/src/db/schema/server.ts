import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * Settings every backend process on this database shares without being told them (the
 * token-signing secret when JWT_SECRET is unset): written once by whichever process needs one
 * first, read by all.
 */
export const serverSettings = pgTable('server_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
