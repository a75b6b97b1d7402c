import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * Which backend processes are alive on this database (`backend_processes`). Each process names
 * the temporary files it writes and the jobs it runs after itself; a file or a job whose process
 * has stopped refreshing its row is an orphan of a crash, whatever its age.
 */

/** This process's id, in the names of the temporary files it writes and on the jobs it runs. */
export const PROCESS_ID = randomBytes(8).toString('hex');

/** A process refreshes its row this often by default (`HEARTBEAT_SECONDS`)… */
export const HEARTBEAT_MS = 20_000;
/**
 * …and is taken for dead when its row is older than this (`PROCESS_DEAD_AFTER_SECONDS`): three
 * beats missed. With a sweep at every beat, what a dead process held is taken back at most
 * 60 + 20 s after its last beat.
 */
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

const staleBefore = (staleMs: number) => sql`now() - ${staleMs} * interval '1 millisecond'`;

/** The ids of the processes seen within `staleMs`; forgets the others. */
export async function liveProcesses(
  db: Database,
  staleMs = PROCESS_STALE_MS,
): Promise<Set<string>> {
  await db.execute(sql`delete from backend_processes where seen_at < ${staleBefore(staleMs)}`);
  const result = await db.execute(sql`select id from backend_processes`);
  return new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
}

/**
 * What another module needs to know of this process's heartbeat (the job queue, to name the
 * holder of a job and find the jobs of dead processes) without reading its table itself.
 */
export interface ProcessLiveness {
  /** This process's id. */
  id: string;
  /** How often this process beats (and may sweep after the dead ones). */
  intervalMs: number;
  /** A process whose row is older than this is dead. */
  deadAfterMs: number;
  /** SQL condition: the process whose id `id` (an SQL expression) gives is alive. */
  alive(id: SQL): SQL;
  /**
   * Whether this process's every beat has reached the database for at least `deadAfterMs`. A
   * stale row means a dead process only then: after an outage of the database every row is
   * stale, live processes' too, until each beats again.
   */
  steady(): boolean;
}

export interface Heartbeat extends ProcessLiveness {
  /** One beat now (rejects when the database refuses it). */
  beat(): Promise<void>;
}

/** This process's heartbeat: `beat()` refreshes its row, and keeps count of its steadiness. */
export function processHeartbeat(
  db: Database,
  {
    id = PROCESS_ID,
    intervalMs = HEARTBEAT_MS,
    deadAfterMs = PROCESS_STALE_MS,
  }: { id?: string; intervalMs?: number; deadAfterMs?: number } = {},
): Heartbeat {
  /** Since when every beat has succeeded, each within `deadAfterMs` of the one before. */
  let steadySince: number | null = null;
  let lastBeat = 0;
  return {
    id,
    intervalMs,
    deadAfterMs,
    alive: (processId) =>
      sql`exists (select 1 from backend_processes p
        where p.id = ${processId} and p.seen_at >= ${staleBefore(deadAfterMs)})`,
    steady: () => steadySince !== null && Date.now() - steadySince >= deadAfterMs,
    async beat() {
      try {
        await heartbeat(db, id);
      } catch (error) {
        steadySince = null;
        throw error;
      }
      const now = Date.now();
      // A beat late by more than the threshold (the event loop blocked, the pool starved) may
      // have let this process pass for dead meanwhile: steady again only deadAfterMs from now.
      if (steadySince === null || now - lastBeat > deadAfterMs) steadySince = now;
      lastBeat = now;
    },
  };
}
