import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';

export type Log = (message: string) => void;

/** Multi-row inserts in batches below PostgreSQL's 65,535 bind parameters. */
export async function insertMany<T extends PgTable>(
  db: Database,
  table: T,
  rows: T['$inferInsert'][],
): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = Object.keys(rows[0]!).length || 1;
  const size = Math.max(1, Math.min(2000, Math.floor(60_000 / columns)));
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size));
  }
  return rows.length;
}

/** Like insertMany but answers the generated ids, in the order of `rows`. */
export async function insertReturningIds<T extends PgTable & { id: unknown }>(
  db: Database,
  table: T,
  rows: T['$inferInsert'][],
): Promise<number[]> {
  const ids: number[] = [];
  if (rows.length === 0) return ids;
  const columns = Object.keys(rows[0]!).length || 1;
  const size = Math.max(1, Math.min(2000, Math.floor(60_000 / columns)));
  for (let i = 0; i < rows.length; i += size) {
    const inserted = (await db
      .insert(table)
      .values(rows.slice(i, i + size))
      .returning({ id: (table as unknown as { id: never }).id })) as { id: number }[];
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}
