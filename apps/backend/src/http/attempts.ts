import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { rateLimitCounters } from '../db/schema.js';

/**
 * Fixed-window attempt counters in the database (`rate_limit_counters`), so that every backend
 * process on one PostgreSQL counts the same attempts: sign-in, reset and re-authentication.
 */

export interface AttemptCount {
  /** Attempts in the current window, this one included for `countAttempt`. */
  count: number;
  /** Milliseconds until the window ends (0 when no window is open). */
  ttlMs: number;
}

/** Counts one attempt of `key`, opening a window of `windowMs` when none is open. */
export async function countAttempt(
  db: Database,
  key: string,
  windowMs: number,
): Promise<AttemptCount> {
  // One statement: concurrent attempts of every process serialize on the row.
  const result = await db.execute(sql`
    insert into rate_limit_counters as c (key, hits, reset_at)
    values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
      reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
    returning hits, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as ttl_ms`);
  const [row] = rowsOf<{ hits: number; ttl_ms: number }>(result);
  return { count: Number(row!.hits), ttlMs: Math.ceil(Number(row!.ttl_ms)) };
}

/** The attempts of `key` in its open window, without counting one. */
export async function readAttempts(db: Database, key: string): Promise<AttemptCount> {
  const result = await db.execute(sql`
    select hits, greatest(0, extract(epoch from (reset_at - now())) * 1000)::float8 as ttl_ms
    from rate_limit_counters where key = ${key} and reset_at > now()`);
  const [row] = rowsOf<{ hits: number; ttl_ms: number }>(result);
  return row ? { count: Number(row.hits), ttlMs: Math.ceil(Number(row.ttl_ms)) } : NONE;
}

const NONE: AttemptCount = { count: 0, ttlMs: 0 };

export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
}

/** Removes the windows that ended; run by the periodic maintenance. */
export async function deleteEndedWindows(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where reset_at <= now()`);
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A `@fastify/rate-limit` store on these counters. Each route's limiter gets its own key
 * prefix, as the plugin's own per-route stores are separate maps.
 */
export function databaseRateLimitStore(db: Database) {
  return class DatabaseStore {
    private readonly prefix: string;

    /** The plugin passes its options first; `child` passes the route's key prefix. */
    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      countAttempt(db, this.prefix + key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      readAttempts(db, this.prefix + key).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(options: object): DatabaseStore {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } })
        .routeInfo;
      const prefix = route?.url ? `${String(route.method)} ${route.url}|` : this.prefix;
      return new DatabaseStore(undefined, prefix);
    }
  };
}
