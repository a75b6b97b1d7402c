import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { profiles, users } from '../../../src/db/schema.js';
import { NO_PASSWORD } from '../../../src/domain/user-accounts.js';
import { multipart } from '../../helpers/communication.js';
import type { Caller, Fixtures } from '../roles.js';
import { NOT_AGENT_DATA } from './shared.js';
import type { Example } from './types.js';

async function userIdOf(fx: Fixtures, email: string) {
  const [row] = await fx.ctx.db.select().from(users).where(eq(users.email, email));
  return row!.id;
}

/** An impersonated token of the caller, opened by the administrator. */
async function impersonatedToken(fx: Fixtures, caller: Caller | null) {
  const target = caller && caller !== fx.admin ? caller : fx.communication;
  const response = await fx.ctx.api('GET', `/administration/impersonate-user/${target.userId}`, {
    token: fx.admin.token,
  });
  return response.body.token as string;
}

async function communicationProfile(fx: Fixtures) {
  const [profile] = await fx.ctx.db
    .select()
    .from(profiles)
    .where(eq(profiles.name, 'ROLE_COMMUNICATION'));
  return profile!;
}

/** A fresh staff account to edit, suspend or delete. */
async function freshUser(fx: Fixtures) {
  const profile = await communicationProfile(fx);
  const [row] = await fx.ctx.db
    .insert(users)
    .values({
      email: `matrice.${fx.unique()}@exemple.fr`,
      firstName: 'Matrice',
      lastName: 'Utilisateur',
      passwordHash: NO_PASSWORD,
      roles: [profile.name],
      profileId: profile.id,
    })
    .returning();
  return row!;
}

async function userBody(fx: Fixtures) {
  return {
    email: `matrice.${fx.unique()}@exemple.fr`,
    firstName: 'Matrice',
    lastName: 'Utilisateur',
    profile: `/profiles/${(await communicationProfile(fx)).id}`,
  };
}

/** An import file of one valid row. */
async function importFile(fx: Fixtures) {
  const book = XLSX.utils.book_new();
  const rows = [
    ['E-mail', 'Nom', 'Prénom', 'Profil', 'ID CGP'],
    [`import.${fx.unique()}@exemple.fr`, 'Import', 'Matrice', 'Communication', ''],
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Feuille 1');
  const data = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return multipart('file', data, 'import.xlsx', 'application/octet-stream');
}

export const userExamples: Record<string, Example> = {
  'main:createUser': {
    request: async ({ fx }) => ({ path: '/users', body: await userBody(fx) }),
    foreign: 'staff only; agents never manage users',
  },
  'main:editUser': {
    request: async ({ fx }) => ({
      path: `/users/${(await freshUser(fx)).id}`,
      body: await userBody(fx),
    }),
    foreign: 'staff only; agents never manage users',
  },
  'main:disableUser': {
    request: async ({ fx }) => ({ path: `/users/${(await freshUser(fx)).id}/disable` }),
    foreign: 'staff only; agents never manage users',
  },
  'main:deleteUser': {
    request: async ({ fx }) => ({ path: `/users/${(await freshUser(fx)).id}` }),
    success: 204,
    foreign: 'staff only; agents never manage users',
  },
  'main:sendUserResetMail': {
    request: async ({ fx }) => ({ path: `/users/${(await freshUser(fx)).id}/reset_password` }),
    foreign: 'staff only; agents never manage users',
  },
  'main:previewUserImport': {
    request: async ({ fx }) => ({ path: '/users/import/preview', ...(await importFile(fx)) }),
    foreign: 'staff only; agents never manage users',
  },
  'main:importUsers': {
    request: async ({ fx }) => ({ path: '/users/import', ...(await importFile(fx)) }),
    foreign: 'staff only; agents never manage users',
  },
  'main:userImportTemplate': {
    request: () => ({ path: '/users/import/template' }),
    foreign: 'staff only; agents never manage users',
  },
  'main:listUsers': {
    request: () => ({ path: '/users?page=1&lastName=Martin&order[lastName]=asc' }),
    foreign: 'staff only; agents never list users',
  },
  'main:getUser': {
    request: ({ fx }) => ({ path: `/users/${fx.agent.userId}` }),
    foreign: { request: ({ fx }) => ({ path: `/users/${fx.otherAgent.userId}` }), status: 403 },
  },
  'main:impersonateUser': {
    request: async ({ fx }) => ({
      path: `/administration/impersonate-user/${await userIdOf(fx, fx.agent.email)}`,
    }),
    foreign: {
      request: ({ fx }) => ({ path: `/administration/impersonate-user/${fx.otherAgent.userId}` }),
      status: 403,
    },
  },
  'main:exitImpersonation': {
    // Called with the impersonated token of the caller's own account.
    request: async ({ fx, caller }) => ({
      path: '/administration/impersonate-user/exit',
      ...(caller ? { token: await impersonatedToken(fx, caller) } : {}),
    }),
    foreign: 'the token names the impersonation',
  },
  'main:listImpersonations': {
    request: () => ({ path: '/administration/impersonations' }),
    foreign: NOT_AGENT_DATA,
  },
};
