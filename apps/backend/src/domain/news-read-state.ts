import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { news, newsLists, profiles, users } from '../db/schema.js';

/**
 * Creates the missing read-state entries (unread) of agent users (profile type Mandataire) for
 * displayed news, in one idempotent statement: for one news item when it is saved displayed,
 * for one user when an agent user is created, for everything at seed time and at start (which
 * fills in databases created before entries were written on save).
 */
export async function ensureNewsEntries(
  db: Pick<Database, 'execute'>,
  only: { newsId?: number; userId?: number } = {},
): Promise<void> {
  await db.execute(sql`
    insert into ${newsLists} (news_id, user_id)
    select ${news.id}, ${users.id}
    from ${news}
    cross join ${users}
    join ${profiles} on ${profiles.id} = ${users.profileId}
    where ${news.displayed} and ${profiles.type} = 'Mandataire'
    ${only.newsId === undefined ? sql`` : sql`and ${news.id} = ${only.newsId}`}
    ${only.userId === undefined ? sql`` : sql`and ${users.id} = ${only.userId}`}
    on conflict (user_id, news_id) do nothing`);
}

const agentUsers = sql`${users} join ${profiles} on ${profiles.id} = ${users.profileId} and ${profiles.type} = 'Mandataire'`;

/**
 * At start: fills in what a database seeded before entries were written on save lacks. Counting
 * the (displayed news, agent user) pairs that have an entry is exact (one entry per pair at
 * most) and several times cheaper than the idempotent insert, which only runs when one is missing.
 */
export async function backfillNewsEntries(db: Database): Promise<void> {
  const result = await db.execute(sql`
    select
      (select count(*) from ${newsLists}
         join ${news} on ${news.id} = ${newsLists.newsId} and ${news.displayed}
         join ${agentUsers} on ${users.id} = ${newsLists.userId}) as present,
      (select count(*) from ${news} where ${news.displayed})
        * (select count(*) from ${agentUsers}) as wanted`);
  const [counts] = rowsOf<{ present: number | string; wanted: number | string }>(result);
  if (counts && Number(counts.present) >= Number(counts.wanted)) return;
  await ensureNewsEntries(db);
}
