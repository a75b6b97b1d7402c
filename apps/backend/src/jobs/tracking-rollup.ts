import { sql } from 'drizzle-orm';
import type { Deps } from '../deps.js';
import { rowsOf } from '../db/rows.js';
import type { JobDefinition } from './queue.js';

export const TRACKING_ROLLUP_JOB = 'tracking.rollup';
/**
 * Every 10 minutes: yesterday is rolled up soon after midnight, and a day a late event (or a
 * deletion) took out of the roll-up soon after. Until then the figures read it from the log.
 */
export const TRACKING_ROLLUP_CRON = '*/10 * * * *';

/** The advisory lock of a day, also taken by the trigger of migration 0019 (same keys). */
const dayLock = (day: string) =>
  sql`select pg_advisory_xact_lock(43019, ${day}::date - date '2000-01-01')`;

/**
 * Rolls up one Paris day, in one transaction: its rows of the four daily tables are computed
 * again from its events (those the figures count: no impersonation), then the day is listed.
 * The day's lock comes first, so that an event of that day written meanwhile either is read
 * here or, committed after, takes the day out of the list again (trigger of migration 0019).
 */
async function rollUpDay(db: Deps['db'], day: string) {
  await db.transaction(async (tx) => {
    await tx.execute(dayLock(day));
    const events = sql`
      from tracking_events
      where occurred_at >= (${day}::date::timestamp at time zone 'Europe/Paris')
        and occurred_at < ((${day}::date + 1)::timestamp at time zone 'Europe/Paris')
        and impersonator_id is null`;
    for (const table of [
      'tracking_daily_users',
      'tracking_daily_sessions',
      'tracking_daily_pages',
      'tracking_daily_actions',
    ])
      await tx.execute(sql`delete from ${sql.identifier(table)} where day = ${day}::date`);
    await tx.execute(sql`
      insert into tracking_daily_users (day, user_id, events, pages)
      select ${day}::date, user_id, count(*), count(*) filter (where type = 'PAGE')
      ${events} group by user_id`);
    await tx.execute(sql`
      insert into tracking_daily_sessions (day, session_id, device, user_id)
      select distinct ${day}::date, session_id, device, user_id ${events}`);
    await tx.execute(sql`
      insert into tracking_daily_pages (day, route, views, last_at, last_id, last_title)
      select ${day}::date, route, count(*), max(occurred_at),
        (array_agg(id order by occurred_at desc, id desc))[1],
        (array_agg(action order by occurred_at desc, id desc))[1]
      ${events} and type = 'PAGE' group by route`);
    await tx.execute(sql`
      insert into tracking_daily_actions (day, type, action, route, events, first_path)
      select ${day}::date, type, action, route, count(*), min(path)
      ${events} and type in ('CLICK', 'DOCUMENT') group by type, action, route`);
    await tx.execute(sql`
      insert into tracking_rollup_days (day) values (${day}::date)
      on conflict (day) do update set rolled_at = now()`);
  });
}

/**
 * Rolls up every day before today (Paris) since the first event that the roll-up does not hold:
 * the days never rolled up, and those an event written, changed or deleted since took out.
 * Answers how many days it rolled up; idempotent (a second run finds none).
 */
export async function rollUpTracking(db: Deps['db'], now = new Date()): Promise<number> {
  const days = rowsOf<{ day: string }>(
    await db.execute(sql`
      select to_char(d, 'YYYY-MM-DD') as day
      from generate_series(
        (select (min(occurred_at) at time zone 'Europe/Paris')::date from tracking_events),
        (${now.toISOString()}::timestamptz at time zone 'Europe/Paris')::date - 1,
        interval '1 day') as d
      where not exists (select 1 from tracking_rollup_days r where r.day = d::date)
      order by d`),
  );
  for (const { day } of days) await rollUpDay(db, day);
  return days.length;
}

/** The daily roll-up of the usage events that the figures over long periods read. */
export const trackingRollupJob = (deps: Pick<Deps, 'db'>): JobDefinition => ({
  name: TRACKING_ROLLUP_JOB,
  cron: TRACKING_ROLLUP_CRON,
  retryLimit: 2,
  async run(_data, job) {
    const days = await rollUpTracking(deps.db);
    job.log?.info({ days }, 'tracking days rolled up');
  },
});
