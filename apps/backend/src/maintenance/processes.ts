import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * Which backend processes are alive on this database (`backend_processes`). Each process names
 * the temporary files it writes after itself; a file whose process has stopped refreshing its
 * row is an orphan of a crash, whatever its age.
 */

/** This process's id, in the names of the temporary files it writes. */
export const PROCESS_ID = randomBytes(8).toString('hex');

/** A process refreshes its row this often… */
export const HEARTBEAT_MS = 30_000;
/** …and is taken for dead when its row is older than this. */
export const PROCESS_STALE_MS = 3 * HEARTBEAT_MS;

export async function heartbeat(db: Database, id = PROCESS_ID): Promise<void> {
  await db.execute(sql`
    insert into backend_processes (id) values (${id})
    on conflict (id) do update set seen_at = now()`);
}

export async function unregister(db: Database, id = PROCESS_ID): Promise<void> {
  await db.execute(sql`delete from backend_processes where id = ${id}`);
}

/**
 * On an embedded database the data-directory lock makes this process the only one: the rows of
 * earlier ones (a kill -9 leaves its row) are dead whatever their age.
 */
export async function forgetOtherProcesses(db: Database, id = PROCESS_ID): Promise<void> {
  await db.execute(sql`delete from backend_processes where id <> ${id}`);
}

/** The ids of the processes seen within PROCESS_STALE_MS; forgets the others. */
export async function liveProcesses(db: Database): Promise<Set<string>> {
  const stale = sql`now() - ${PROCESS_STALE_MS} * interval '1 millisecond'`;
  await db.execute(sql`delete from backend_processes where seen_at < ${stale}`);
  const result = await db.execute(sql`select id from backend_processes`);
  return new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
}
