import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { userIri } from '../access/iri.js';
import type { Principal } from '../auth/principal.js';
import type { Handler } from '../contract.js';
import type { Database } from '../db/client.js';
import { agents, profiles, users } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { hydraCollection } from '../http/hydra.js';
import { profileJson } from './profiles.js';
import type { Deps } from './deps.js';

const DEFAULT_ITEMS_PER_PAGE = 10;

const ORDERABLE = {
  profile: profiles.title,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
} as const;

function selectUsers(db: Database) {
  return db
    .select({ user: users, profile: profiles, cgpId: agents.cgpId })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .leftJoin(agents, eq(agents.id, users.agentId));
}

interface UserRecord {
  user: typeof users.$inferSelect;
  profile: typeof profiles.$inferSelect;
  cgpId: string | null;
}

const toJson = ({ user, profile, cgpId }: UserRecord) => ({
  '@id': userIri(user.id),
  '@type': 'User',
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  roles: user.roles,
  cgpId: cgpId ?? null,
  picture: user.picture,
  circularPicture: user.circularPicture,
  profile: profileJson(profile),
  reminderFrequency: user.reminderFrequency,
});

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function filters(query: Record<string, unknown>): SQL | undefined {
  const conditions: SQL[] = [];
  for (const field of ['firstName', 'lastName', 'email'] as const) {
    const value = query[field];
    if (typeof value === 'string' && value.trim() !== '') {
      conditions.push(ilike(users[field], `%${escapeLike(value.trim())}%`));
    }
  }
  if (typeof query.roles === 'string' && query.roles !== '') {
    conditions.push(sql`${users.roles} @> ${JSON.stringify([query.roles])}::jsonb`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function ordering(query: Record<string, unknown>) {
  const requested = Object.entries(ORDERABLE)
    .filter(([field]) => query[`order[${field}]`] !== undefined)
    .map(([field, column]) => (query[`order[${field}]`] === 'desc' ? desc(column) : asc(column)));
  const byDefault = [asc(profiles.title), asc(users.lastName), asc(users.firstName)];
  return [...(requested.length > 0 ? requested : byDefault), asc(users.id)];
}

export function listUsers(deps: Deps): Handler<Principal> {
  return async ({ query, request }) => {
    const page = Number(query.page ?? 1);
    const itemsPerPage = Number(query.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE);
    const where = filters(query);
    const [total] = await deps.db
      .select({ n: count() })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.profileId))
      .where(where);
    const rows = await selectUsers(deps.db)
      .where(where)
      .orderBy(...ordering(query))
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage);
    const search = new URLSearchParams(request.url.split('?')[1] ?? '');
    search.delete('page');
    return {
      status: 200,
      body: hydraCollection('User', '/users', rows.map(toJson), total!.n, {
        path: '/users',
        page,
        itemsPerPage,
        query: search,
      }),
    };
  };
}

export function getUser(deps: Deps): Handler<Principal> {
  return async ({ params }) => {
    const [row] = await selectUsers(deps.db).where(eq(users.id, Number(params.id)));
    if (!row) throw notFound();
    return { status: 200, body: toJson(row) };
  };
}
