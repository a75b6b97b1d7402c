import { asc, eq } from 'drizzle-orm';
import { randomToken, sha256 } from '../../src/crypto.js';
import {
  administrations,
  components,
  imageBanks,
  mediaObjects,
  news,
  newsLists,
  notificationLists,
  notificationRules,
  notifications,
  profiles,
  resetPasswordTokens,
  users,
} from '../../src/db/schema.js';
import { multipart, samplePng } from '../helpers/communication.js';
import type { ApiResponse } from '../helpers/context.js';
import type { Caller, Fixtures, Role } from './roles.js';
import { SESSION_EXAMPLES } from './sessions-examples.js';

export interface MatrixRequest {
  /** Path and query string. */
  path: string;
  body?: unknown;
  /** Sent as is (multipart uploads), with `headers` giving the content type. */
  raw?: Buffer;
  headers?: Record<string, string>;
  /** Replaces the caller's token (impersonated tokens). */
  token?: string;
}

export interface CaseInput {
  fx: Fixtures;
  role: Role;
  /** Null for the anonymous caller. */
  caller: Caller | null;
}

type Build = (input: CaseInput) => MatrixRequest | Promise<MatrixRequest>;

export interface ForeignExample {
  request: Build;
  status: number;
  check?: (response: ApiResponse) => void;
}

export interface Example {
  /** A request the caller would make on his own records (the agent: Claire, CGP0001). */
  request: Build;
  /** Status once the access checks pass; the first documented 2xx by default. */
  success?: number;
  /**
   * The same operation aimed at another agent's records, with the status an agent allowed to
   * call the operation gets; or why the operation has no agent records.
   */
  foreign: ForeignExample | ForeignExample[] | string;
}

const mergePatch = { 'content-type': 'application/merge-patch+json' };
const NOT_AGENT_DATA = 'not an agent record';

async function componentId(fx: Fixtures, name: string) {
  const [row] = await fx.ctx.db.select().from(components).where(eq(components.name, name));
  return row!.id;
}

async function userIdOf(fx: Fixtures, email: string) {
  const [row] = await fx.ctx.db.select().from(users).where(eq(users.email, email));
  return row!.id;
}

/** The settings row, created if an earlier case removed it. */
async function settingsId(fx: Fixtures) {
  const [row] = await fx.ctx.db.select().from(administrations).orderBy(asc(administrations.id));
  if (row) return row.id;
  const [created] = await fx.ctx.db
    .insert(administrations)
    .values({ supportEmail: 'support@reseau-patrimoine.fr' })
    .returning();
  return created!.id;
}

/** An impersonated token of the caller, opened by the administrator. */
async function impersonatedToken(fx: Fixtures, caller: Caller | null) {
  const target = caller && caller !== fx.admin ? caller : fx.communication;
  const response = await fx.ctx.api('GET', `/administration/impersonate-user/${target.userId}`, {
    token: fx.admin.token,
  });
  return response.body.token as string;
}

const saleOf = (fx: Fixtures, cgpId: string) =>
  fx.sales.sales.find((s) => s.agentCgp === cgpId)!.id;

/** A filter naming an outsider narrows the agent's own rows to nothing. */
function nothingOutOfScope(response: ApiResponse) {
  if (response.body['hydra:totalItems'] !== 0 || response.body['hydra:member'].length !== 0) {
    throw new Error(`an agent reached another agent's rows: ${response.text}`);
  }
}

const event = {
  type: 'PAGE',
  action: 'Accueil',
  path: '/',
  timestamp: '2026-03-01T10:00:00.000Z',
  device: 'PC',
};

/** Communication fixtures, inserted directly (fresh rows for every case). */
async function pictureId(fx: Fixtures) {
  const [media] = await fx.ctx.db
    .insert(mediaObjects)
    .values({
      displayName: 'matrice.png',
      filePath: `images/matrice-${fx.unique()}.png`,
      mimeType: 'image/png',
      size: 1,
    })
    .returning();
  return media!.id;
}

async function imageBankId(fx: Fixtures) {
  const [image] = await fx.ctx.db
    .insert(imageBanks)
    .values({ title: 'Visuel de la matrice', mediaObjectId: await pictureId(fx) })
    .returning();
  return image!.id;
}

async function newsId(fx: Fixtures) {
  const [row] = await fx.ctx.db
    .insert(news)
    .values({
      title: `Actualité ${fx.unique()}`,
      date: new Date('2026-01-15T09:00:00Z'),
      content: '<p>Matrice</p>',
      displayed: true,
    })
    .returning();
  return row!.id;
}

async function newsListId(fx: Fixtures, userId: number) {
  const [row] = await fx.ctx.db
    .insert(newsLists)
    .values({ newsId: await newsId(fx), userId })
    .returning();
  return row!.id;
}

async function notificationId(fx: Fixtures) {
  const [row] = await fx.ctx.db
    .insert(notifications)
    .values({ title: 'Matrice', description: 'Notification de la matrice' })
    .returning();
  return row!.id;
}

async function notificationListId(fx: Fixtures, userId: number) {
  const [row] = await fx.ctx.db
    .insert(notificationLists)
    .values({ notificationId: await notificationId(fx), userId })
    .returning();
  return row!.id;
}

async function agentProfileId(fx: Fixtures) {
  const [row] = await fx.ctx.db.select().from(profiles).where(eq(profiles.title, 'Mandataire'));
  return row!.id;
}

function nothingUpdated(response: ApiResponse) {
  if (response.body.updated !== 0) throw new Error(`another user's entry was marked read`);
}

/** One example per operation, keyed `contract:operationId`. */
export const EXAMPLES: Record<string, Example> = {
  ...SESSION_EXAMPLES,
  'main:login': {
    request: ({ fx }) => ({
      path: '/token',
      body: { email: fx.admin.email, password: 'Portail2026!' },
    }),
    foreign: 'public sign-in',
  },
  'main:getCurrentUser': { request: () => ({ path: '/me' }), foreign: 'the caller only' },
  'main:createHandoff': { request: () => ({ path: '/auth/handoff' }), foreign: 'the caller only' },
  'main:exchangeHandoff': {
    request: async ({ fx }) => {
      const handoff = await fx.ctx.api('POST', '/auth/handoff', { token: fx.agent.token });
      return { path: '/auth/handoff/exchange', body: { code: handoff.body.code } };
    },
    foreign: 'the code names the session',
  },
  'main:requestPasswordReset': {
    request: () => ({ path: '/reset_password_tokens', body: { email: 'inconnu@example.fr' } }),
    foreign: 'public, answers the same for every address',
  },
  'main:resetPassword': {
    request: async ({ fx }) => {
      // A throw-away account, so that no demo password changes.
      const email = `reset.${fx.unique()}@example.fr`;
      const [user] = await fx.ctx.db
        .insert(users)
        .values({
          email,
          passwordHash: 'x',
          firstName: 'Reset',
          lastName: 'Matrice',
          roles: ['ROLE_COMMUNICATION'],
          profileId: (await fx.ctx.db.select().from(profiles).limit(1))[0]!.id,
        })
        .returning();
      const token = randomToken();
      await fx.ctx.db.insert(resetPasswordTokens).values({
        userId: user!.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      return { path: `/reset_password_tokens/${token}`, body: { password: 'Nouveau2026!' } };
    },
    foreign: 'the token names the account',
  },
  'main:getCgp': {
    request: ({ fx, caller }) => ({
      path: `/cgp/${caller === fx.agent ? 'CGP0001' : 'CGP0002'}`,
    }),
    foreign: { request: ({ fx }) => ({ path: `/cgp/${fx.foreignCgpId}` }), status: 404 },
  },
  'main:listComponents': { request: () => ({ path: '/components' }), foreign: NOT_AGENT_DATA },
  'main:updateComponent': {
    request: async ({ fx }) => {
      const id = await componentId(fx, 'support_page');
      const current = await fx.ctx.api('GET', '/components', { token: fx.admin.token });
      const component = current.body['hydra:member'].find((c: { id: number }) => c.id === id);
      return { path: `/components/${id}`, body: { profiles: component.profiles } };
    },
    foreign: NOT_AGENT_DATA,
  },
  'main:listProfiles': {
    request: () => ({ path: '/profiles?type=Mandataire' }),
    foreign: NOT_AGENT_DATA,
  },
  'main:createProfile': {
    request: ({ fx }) => ({
      path: '/profiles',
      body: { title: `Matrice ${fx.unique()}`, type: 'Hubnup' },
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:deleteProfile': {
    request: async ({ fx }) => {
      const title = `Jetable ${fx.unique()}`;
      const [row] = await fx.ctx.db
        .insert(profiles)
        .values({ title, type: 'Hubnup', name: `ROLE_${title.toUpperCase()}` })
        .returning();
      return { path: `/profiles/${row!.id}` };
    },
    foreign: NOT_AGENT_DATA,
  },
  'main:listAdministrations': {
    request: () => ({ path: '/administrations' }),
    foreign: NOT_AGENT_DATA,
  },
  'main:createAdministration': {
    request: async ({ fx, role }) => {
      // Only the first settings row can be created: clear it for the caller who passes.
      if (role === 'admin') await fx.ctx.db.delete(administrations);
      return { path: '/administrations', body: { supportEmail: 'support@reseau-patrimoine.fr' } };
    },
    foreign: NOT_AGENT_DATA,
  },
  'main:updateAdministration': {
    request: async ({ fx }) => ({
      path: `/administrations/${await settingsId(fx)}`,
      body: { supportEmail: 'support@reseau-patrimoine.fr' },
      headers: mergePatch,
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:getPublicSettings': {
    request: () => ({ path: '/public/settings' }),
    foreign: NOT_AGENT_DATA,
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
  'main:listTrainingRoleMappings': {
    request: () => ({ path: '/odysseal/roles' }),
    foreign: NOT_AGENT_DATA,
  },
  'main:updateTrainingRoleMappings': {
    request: () => ({
      path: '/odysseal/roles',
      body: [{ name: 'ROLE_ADMIN', mappedRole: 'ROLE_ADMIN' }],
      headers: mergePatch,
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:createTrackingEvents': {
    request: ({ caller }) => ({
      path: `/sessions/${caller?.sessionId ?? '00000000-0000-4000-8000-000000000000'}/events`,
      body: [event],
    }),
    foreign: {
      request: ({ fx }) => ({ path: `/sessions/${fx.otherAgent.sessionId}/events`, body: [event] }),
      status: 404,
    },
  },
  'main:listVentesOrions': {
    request: () => ({ path: '/ventes_orions?page=1&itemsPerPage=5&order[subscriptionDate]=desc' }),
    foreign: [
      { request: () => ({ path: '/ventes_orions?cgpId=CGP0099' }), status: 403 },
      {
        request: ({ fx }) => ({
          path: `/ventes_orions?consultant.id=${fx.sales.agentIds.get('CGP0099')}`,
        }),
        status: 200,
        check: nothingOutOfScope,
      },
    ],
  },
  'main:getVenteOrion': {
    request: ({ fx }) => ({ path: `/ventes_orions/${saleOf(fx, 'CGP0001')}` }),
    foreign: {
      request: ({ fx }) => ({ path: `/ventes_orions/${saleOf(fx, 'CGP0099')}` }),
      status: 404,
    },
  },
  'main:listCustomers': {
    request: () => ({ path: '/clients/clients?page=1&order[lastName]=asc' }),
    foreign: {
      request: ({ fx }) => ({
        path: `/clients/clients?consultant.id=${fx.sales.agentIds.get('CGP0099')}`,
      }),
      status: 200,
      check: nothingOutOfScope,
    },
  },
  // Communication slice (issue 5).
  'main:listNews': {
    request: () => ({ path: '/news?page=1&displayed=true&order[date]=desc' }),
    foreign: NOT_AGENT_DATA,
  },
  'main:createNews': {
    request: async ({ fx }) => ({
      path: '/news',
      body: {
        title: `Actualité ${fx.unique()}`,
        date: '2026-01-15',
        content: 'Texte',
        imageBank: `/image_banks/${await imageBankId(fx)}`,
      },
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:getNews': {
    request: async ({ fx }) => ({ path: `/news/${await newsId(fx)}` }),
    foreign: NOT_AGENT_DATA,
  },
  'main:updateNews': {
    request: async ({ fx }) => ({
      path: `/news/${await newsId(fx)}`,
      body: { displayed: false },
      headers: mergePatch,
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:deleteNews': {
    request: async ({ fx }) => ({ path: `/news/${await newsId(fx)}` }),
    foreign: NOT_AGENT_DATA,
  },
  'main:listMyNewsLists': {
    request: () => ({ path: '/news_list/user?news.hasPopup=true&isRead=false' }),
    foreign: 'the caller’s own entries only',
  },
  'main:updateNewsList': {
    request: async ({ fx, caller }) => {
      const id = caller ? await newsListId(fx, caller.userId) : 1;
      return { path: `/news_lists/${id}`, body: { id, isRead: true }, headers: mergePatch };
    },
    foreign: {
      request: async ({ fx }) => ({
        path: `/news_lists/${await newsListId(fx, fx.otherAgent.userId)}`,
        body: { isRead: true },
        headers: mergePatch,
      }),
      status: 404,
    },
  },
  'main:clearLoginAgent': {
    request: () => ({ path: '/me/login-agent/clear' }),
    foreign: 'the caller only',
  },
  'main:listNotificationLists': {
    request: ({ caller }) => ({
      path: `/notification_lists?readByUser=false&user.email=${encodeURIComponent(caller?.email ?? '')}`,
    }),
    foreign: {
      request: ({ fx }) => ({
        path: `/notification_lists?user.email=${encodeURIComponent(fx.otherAgent.email)}`,
      }),
      status: 403,
    },
  },
  'main:markNotificationListsRead': {
    request: async ({ fx, caller }) => ({
      path: '/notification_lists/user',
      body: { notificationListIds: caller ? [await notificationListId(fx, caller.userId)] : [] },
    }),
    foreign: {
      request: async ({ fx }) => ({
        path: '/notification_lists/user',
        body: { notificationListIds: [await notificationListId(fx, fx.otherAgent.userId)] },
      }),
      status: 200,
      check: nothingUpdated,
    },
  },
  'main:listNotifications': {
    request: () => ({ path: '/notifications?page=1' }),
    foreign: NOT_AGENT_DATA,
  },
  'main:createNotification': {
    request: async ({ fx }) => ({
      path: '/notifications',
      body: {
        title: 'Matrice',
        description: 'Notification de la matrice',
        urlLink: 'https://www.reseau-patrimoine.fr/',
        expireAt: '2030-01-01',
        profilesToNotify: [`/profiles/${await agentProfileId(fx)}`],
      },
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:updateNotification': {
    request: async ({ fx }) => ({
      path: `/notifications/${await notificationId(fx)}`,
      body: { title: 'Matrice modifiée' },
      headers: mergePatch,
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:listNotificationRules': {
    request: () => ({ path: '/notification_rules' }),
    foreign: NOT_AGENT_DATA,
  },
  'main:updateNotificationRule': {
    request: async ({ fx }) => {
      const [rule] = await fx.ctx.db.select().from(notificationRules).limit(1);
      return {
        path: `/notification_rules/${rule!.id}`,
        body: { isActivate: true },
        headers: mergePatch,
      };
    },
    foreign: NOT_AGENT_DATA,
  },
  'main:createMediaObject': {
    request: async () => ({
      path: '/media_objects',
      ...(await multipart('file', samplePng(), 'matrice.png')),
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:deleteMediaObject': {
    request: async ({ fx }) => ({ path: `/media_objects/${await pictureId(fx)}` }),
    foreign: NOT_AGENT_DATA,
  },
  'main:listImageBanks': {
    request: () => ({ path: '/image_banks?title=visuel&page=1' }),
    foreign: NOT_AGENT_DATA,
  },
  'main:createImageBank': {
    request: async ({ fx }) => ({
      path: '/image_banks',
      body: { title: 'Nouveau visuel', mediaObject: `/media_objects/${await pictureId(fx)}` },
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:updateImageBank': {
    request: async ({ fx }) => ({
      path: `/image_banks/${await imageBankId(fx)}`,
      body: { title: 'Visuel renommé' },
      headers: mergePatch,
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:listPartners': { request: () => ({ path: '/sso/partners' }), foreign: 'configuration' },
  'main:getBillingCredentials': {
    request: () => ({ path: '/api/o2s/getcredentials' }),
    foreign: 'the caller only',
  },
  'main:getPartnerSsoUrl': {
    request: () => ({ path: '/sso/partner' }),
    foreign: 'the caller only',
  },
  'main:getInvestSsoUrl': { request: () => ({ path: '/sso/invest' }), foreign: 'the caller only' },
  'training:listTrainingModels': {
    request: () => ({ path: '/api/models' }),
    foreign: NOT_AGENT_DATA,
  },
};
