import { eq } from 'drizzle-orm';
import {
  notificationLists,
  notificationRules,
  notifications,
  profiles,
} from '../../../src/db/schema.js';
import type { ApiResponse } from '../../helpers/context.js';
import type { Fixtures } from '../roles.js';
import { mergePatch, NOT_AGENT_DATA } from './shared.js';
import type { Example } from './types.js';

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

export const notificationExamples: Record<string, Example> = {
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
  'main:getNotification': {
    request: async ({ fx }) => ({ path: `/notifications/${await notificationId(fx)}` }),
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
  'main:getNotificationRule': {
    request: async ({ fx }) => {
      const [rule] = await fx.ctx.db.select().from(notificationRules).limit(1);
      return { path: `/notification_rules/${rule!.id}` };
    },
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
};
