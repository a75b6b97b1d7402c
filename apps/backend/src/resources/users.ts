import { eq, sql } from 'drizzle-orm';
import { userIri } from '../access/iri.js';
import { agents, profiles, users } from '../db/schema.js';
import { profileJson } from '../domain/profiles.js';
import type { ResourceSpec } from './types.js';
import { paged } from './pagination.js';

const fields = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  roles: users.roles,
  picture: users.picture,
  circularPicture: users.circularPicture,
  reminderFrequency: users.reminderFrequency,
  cgpId: agents.cgpId,
  profile: { id: profiles.id, title: profiles.title, type: profiles.type, name: profiles.name },
};

type UserRow = typeof users.$inferSelect;
type Row = Pick<
  UserRow,
  | 'id'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'roles'
  | 'picture'
  | 'circularPicture'
  | 'reminderFrequency'
> & { cgpId: string | null; profile: typeof profiles.$inferSelect };

/**
 * Portal accounts (`GET /users`, `GET /users/{id}`), 10 per page, by profile title then
 * last and first name. `displayedUser` is accepted by the contract and ignored: every
 * account is displayed.
 */
export const usersResource: ResourceSpec<typeof fields, Row> = {
  path: '/users',
  type: 'User',
  table: users,
  id: users.id,
  fields,
  joins: {
    profile: (q) => q.innerJoin(profiles, eq(profiles.id, users.profileId)),
    agent: (q) => q.leftJoin(agents, eq(agents.id, users.agentId)),
  },
  filters: [
    { kind: 'partial', param: 'firstName', expr: users.firstName },
    { kind: 'partial', param: 'lastName', expr: users.lastName },
    { kind: 'partial', param: 'email', expr: users.email },
    // A role the user holds: exact match on one element of the jsonb array.
    {
      kind: 'custom',
      param: 'roles',
      apply: (value) =>
        typeof value === 'string'
          ? sql`${users.roles} @> ${JSON.stringify([value])}::jsonb`
          : undefined,
    },
  ],
  orders: {
    profile: { expr: profiles.title, joins: ['profile'] },
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
  },
  defaultOrder: [
    ['profile', 'asc'],
    ['lastName', 'asc'],
    ['firstName', 'asc'],
  ],
  pagination: paged(10),
  // Gated by the users_* components in the contract; whoever passes sees every account.
  scope: async () => undefined,
  serialize: (row) => ({
    '@id': userIri(row.id),
    '@type': 'User',
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    roles: row.roles,
    cgpId: row.cgpId ?? null,
    picture: row.picture,
    circularPicture: row.circularPicture,
    profile: profileJson(row.profile),
    reminderFrequency: row.reminderFrequency,
  }),
};
