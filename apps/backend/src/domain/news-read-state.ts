import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { news, newsLists, profiles, users } from '../db/schema.js';

/**
 * Creates the missing read-state entries (unread) of agent users (profile type Mandataire) for
 * displayed news, in one idempotent statement: for one news item when it is saved displayed,
 * for one user when an agent user is created, for everything at seed time and at start (which
 * fills in databases created before entries were written on save).
 */
export async function ensureNewsEntries(
  db: Database,
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
