import { integer, numeric, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Euros with cents, read as JS numbers (amounts stay far below 2^53 cents). */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/** Percentages such as a 2.35 % fee. */
export const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });

/** SQL `in (...)` list of string literals for check constraints built from constant arrays. */
export const sqlList = (values: readonly string[]) =>
  values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

/** A required reference to another table's id (`integer`), and what its deletion does here. */
export const requiredReference = (
  name: string,
  target: () => AnyPgColumn,
  onDelete: 'cascade' | 'restrict' | 'set null',
) => integer(name).notNull().references(target, { onDelete });
