import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { profiles, users } from '../../../src/db/schema.js';
import { NO_PASSWORD } from '../../../src/domain/user-accounts.js';
import { multipart } from '../../helpers/communication.js';
import type { Caller, Fixtures } from '../roles.js';
import { messages } from '../../../src/http/messages.js';
import type { ApiResponse } from '../../helpers/context.js';
import { mergePatch, NOT_AGENT_DATA, refusedWith } from './shared.js';
import type { BeyondRightsExample, Example } from './types.js';

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

async function profileNamed(fx: Fixtures, name: string) {
  const [profile] = await fx.ctx.db.select().from(profiles).where(eq(profiles.name, name));
  return profile!;
}

const communicationProfile = (fx: Fixtures) => profileNamed(fx, 'ROLE_COMMUNICATION');
const adminProfile = (fx: Fixtures) => profileNamed(fx, 'ROLE_ADMIN');
/** The lesser staff's own profile: what he may give and act on. */
async function lesserProfile(fx: Fixtures) {
  const [profile] = await fx.ctx.db
    .select()
    .from(profiles)
    .where(eq(profiles.id, fx.lesserStaff.profileId));
  return profile!;
}

/** A fresh staff account to edit, suspend or delete (Communication's unless said). */
export async function freshUser(fx: Fixtures, profile?: typeof profiles.$inferSelect) {
  profile ??= await communicationProfile(fx);
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

async function userBody(fx: Fixtures, profileId?: number, email?: string) {
  return {
    email: email ?? `matrice.${fx.unique()}@exemple.fr`,
    firstName: 'Matrice',
    lastName: 'Utilisateur',
    profile: `/profiles/${profileId ?? (await communicationProfile(fx)).id}`,
  };
}

/** An import file of one valid row (of the Communication profile unless said). */
async function importFile(fx: Fixtures, profile = 'Communication') {
  const book = XLSX.utils.book_new();
  const rows = [
    ['E-mail', 'Nom', 'Prénom', 'Profil', 'ID CGP'],
    [`import.${fx.unique()}@exemple.fr`, 'Import', 'Matrice', profile, ''],
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Feuille 1');
  const data = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return multipart('file', data, 'import.xlsx', 'application/octet-stream');
}

const aboveUser = refusedWith(messages.morePrivilegedUser);
const aboveProfile = refusedWith(messages.morePrivilegedProfile);

/**
 * The lesser staff acting on an administrator's account (refused), and on an account of his
 * own profile (done): `path` builds the request from the target's id.
 */
function onAccounts(
  path: (id: number) => string,
  done: number,
  body?: (fx: Fixtures, id: number, email: string) => Promise<unknown>,
): BeyondRightsExample[] {
  const on =
    (profile: (fx: Fixtures) => Promise<typeof profiles.$inferSelect>) =>
    async ({ fx }: { fx: Fixtures }) => {
      const target = await freshUser(fx, await profile(fx));
      return {
        path: path(target.id),
        ...(body ? { body: await body(fx, target.id, target.email) } : {}),
      };
    };
  return [
    { request: on(adminProfile), status: 403, check: aboveUser },
    { request: on(communicationProfile), status: 403, check: aboveUser },
    { request: on(lesserProfile), status: done },
  ];
}

/** A row above the caller is reported, never imported. */
function importRefused(response: ApiResponse) {
  const [row] = response.body.rows as { errors: string[] }[];
  if (!row?.errors.includes(`Profil : ${messages.morePrivilegedProfile}`) || response.body.imported)
    throw new Error(`an administrator row passed: ${response.text}`);
}

export const userExamples: Record<string, Example> = {
  'main:createUser': {
    request: async ({ fx }) => ({ path: '/users', body: await userBody(fx) }),
    foreign: 'staff only; agents never manage users',
    beyondRights: [
      {
        request: async ({ fx }) => ({
          path: '/users',
          body: await userBody(fx, (await adminProfile(fx)).id),
        }),
        status: 403,
        check: aboveProfile,
      },
      {
        request: async ({ fx }) => ({
          path: '/users',
          body: await userBody(fx, fx.lesserStaff.profileId),
        }),
        status: 201,
      },
      // The spec's shape: the first role names the profile.
      {
        request: async ({ fx }) => {
          const { profile: _profile, ...body } = await userBody(fx);
          return { path: '/users', body: { ...body, roles: ['ROLE_ADMIN'] } };
        },
        status: 403,
        check: aboveProfile,
      },
      {
        request: async ({ fx }) => {
          const { profile: _profile, ...body } = await userBody(fx);
          return { path: '/users', body: { ...body, roles: [(await lesserProfile(fx)).name] } };
        },
        status: 201,
      },
    ],
  },
  'main:editUser': {
    request: async ({ fx }) => ({
      path: `/users/${(await freshUser(fx)).id}`,
      body: await userBody(fx),
    }),
    foreign: 'staff only; agents never manage users',
    beyondRights: [
      // His own account, given the administrators' profile.
      {
        request: async ({ fx }) => ({
          path: `/users/${fx.lesserStaff.userId}`,
          body: await userBody(fx, (await adminProfile(fx)).id, fx.lesserStaff.email),
        }),
        status: 403,
        check: aboveProfile,
      },
      // An account of his own profile, given Communication's.
      {
        request: async ({ fx }) => {
          const target = await freshUser(fx, await lesserProfile(fx));
          return {
            path: `/users/${target.id}`,
            body: await userBody(fx, (await communicationProfile(fx)).id, target.email),
          };
        },
        status: 403,
        check: aboveProfile,
      },
      ...onAccounts(
        (id) => `/users/${id}`,
        200,
        async (fx, _id, email) => userBody(fx, fx.lesserStaff.profileId, email),
      ),
    ],
  },
  'main:updateUser': {
    // Anyone with the reporting page: his own preference; staff: any account within his rights.
    request: ({ caller }) => ({
      path: `/users/${caller?.userId ?? 1}`,
      body: { reminderFrequency: ['WEEKLY'] },
      headers: mergePatch,
    }),
    foreign: [
      {
        request: ({ fx }) => ({
          path: `/users/${fx.otherAgent.userId}`,
          body: { reminderFrequency: ['DAILY'] },
          headers: mergePatch,
        }),
        status: 404,
      },
      // The spec's deactivation, by an agent: another account does not exist for him.
      {
        request: ({ fx }) => ({
          path: `/users/${fx.otherAgent.userId}`,
          body: { roles: ['ROLE_DISABLED'] },
          headers: mergePatch,
        }),
        status: 404,
      },
    ],
    beyondRights: [
      // His own account, given the administrators' role.
      {
        request: ({ fx }) => ({
          path: `/users/${fx.lesserStaff.userId}`,
          body: { roles: ['ROLE_ADMIN'] },
          headers: mergePatch,
        }),
        status: 403,
        check: aboveProfile,
      },
      // An account of his own profile, given Communication's role.
      {
        request: async ({ fx }) => {
          const target = await freshUser(fx, await lesserProfile(fx));
          return {
            path: `/users/${target.id}`,
            body: { roles: ['ROLE_COMMUNICATION'] },
            headers: mergePatch,
          };
        },
        status: 403,
        check: aboveProfile,
      },
      // The spec's deactivation: of an administrator and of Communication refused, of his own
      // profile done.
      ...onAccounts(
        (id) => `/users/${id}`,
        200,
        async () => ({ roles: ['ROLE_DISABLED'] }),
      ),
    ],
  },
  'main:disableUser': {
    request: async ({ fx }) => ({ path: `/users/${(await freshUser(fx)).id}/disable` }),
    foreign: 'staff only; agents never manage users',
    beyondRights: onAccounts((id) => `/users/${id}/disable`, 200),
  },
  'main:deleteUser': {
    request: async ({ fx }) => ({ path: `/users/${(await freshUser(fx)).id}` }),
    success: 204,
    foreign: 'staff only; agents never manage users',
    beyondRights: onAccounts((id) => `/users/${id}`, 204),
  },
  'main:sendUserResetMail': {
    request: async ({ fx }) => ({ path: `/users/${(await freshUser(fx)).id}/reset_password` }),
    foreign: 'staff only; agents never manage users',
    beyondRights: onAccounts((id) => `/users/${id}/reset_password`, 202),
  },
  'main:previewUserImport': {
    request: async ({ fx }) => ({ path: '/users/import/preview', ...(await importFile(fx)) }),
    foreign: 'staff only; agents never manage users',
    beyondRights: {
      request: async ({ fx }) => ({
        path: '/users/import/preview',
        ...(await importFile(fx, 'Admin')),
      }),
      status: 200,
      check: importRefused,
    },
  },
  'main:importUsers': {
    request: async ({ fx }) => ({ path: '/users/import', ...(await importFile(fx)) }),
    foreign: 'staff only; agents never manage users',
    beyondRights: {
      request: async ({ fx }) => ({ path: '/users/import', ...(await importFile(fx, 'Admin')) }),
      status: 200,
      check: importRefused,
    },
  },
  'main:userImportTemplate': {
    request: () => ({ path: '/users/import/template' }),
    foreign: 'staff only; agents never manage users',
    beyondRights: 'the same blank template for everyone',
  },
  'main:listUsers': {
    request: () => ({ path: '/users?page=1&lastName=Martin&order[lastName]=asc' }),
    foreign: 'staff only; agents never list users',
    beyondRights:
      'a read: every account is listed (docs/decisions/25-privilege-containment-and-least-privilege.md)',
  },
  'main:getUser': {
    request: ({ fx }) => ({ path: `/users/${fx.agent.userId}` }),
    foreign: { request: ({ fx }) => ({ path: `/users/${fx.otherAgent.userId}` }), status: 403 },
    beyondRights:
      'a read: every account is shown (docs/decisions/25-privilege-containment-and-least-privilege.md)',
  },
  'main:impersonateUser': {
    request: async ({ fx }) => ({
      path: `/administration/impersonate-user/${await userIdOf(fx, fx.agent.email)}`,
    }),
    foreign: {
      request: ({ fx }) => ({ path: `/administration/impersonate-user/${fx.otherAgent.userId}` }),
      status: 403,
    },
    beyondRights: onAccounts((id) => `/administration/impersonate-user/${id}`, 200),
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
    beyondRights: 'a read of the audit trail',
  },
};
