import { and, eq } from 'drizzle-orm';
import { reminderLists, reminders } from '../../../src/db/schema.js';
import type { Fixtures, Role } from '../roles.js';
import type { ApiResponse } from '../../helpers/context.js';
import { mergePatch, NOT_AGENT_DATA, nothingOutOfScope } from './shared.js';
import type { BeyondRightsExample, Example } from './types.js';

/** A personal reminder of `userId`, in his list; answers the reminder's and the entry's ids. */
async function personalReminder(fx: Fixtures, userId: number) {
  const [row] = await fx.ctx.db
    .insert(reminders)
    .values({
      title: `Rappel ${fx.unique()}`,
      date: new Date('2026-03-10T09:00:00Z'),
      type: 'personal',
      authorId: userId,
    })
    .returning();
  const [entry] = await fx.ctx.db
    .insert(reminderLists)
    .values({ reminderId: row!.id, userId })
    .returning();
  return { id: row!.id, entryId: entry!.id };
}

/** A displayed network reminder in the lists of the given users. */
async function networkReminder(fx: Fixtures, userIds: number[] = []) {
  const [row] = await fx.ctx.db
    .insert(reminders)
    .values({
      title: `Rappel réseau ${fx.unique()}`,
      date: new Date('2026-03-12T09:00:00Z'),
      type: 'hubnup',
      displayed: true,
    })
    .returning();
  if (userIds.length > 0)
    await fx.ctx.db
      .insert(reminderLists)
      .values(userIds.map((userId) => ({ reminderId: row!.id, userId })));
  return row!.id;
}

/** What the caller of a write may change: an agent his personal reminder, staff a network one. */
async function ownReminder(fx: Fixtures, role: Role, userId: number | undefined) {
  if (role === 'agent' && userId) return (await personalReminder(fx, userId)).id;
  return networkReminder(fx);
}

async function entryOf(fx: Fixtures, reminderId: number, userId: number) {
  const [entry] = await fx.ctx.db
    .select({ id: reminderLists.id })
    .from(reminderLists)
    .where(and(eq(reminderLists.reminderId, reminderId), eq(reminderLists.userId, userId)));
  return entry!.id;
}

/**
 * Communication (no agent-data component, `reminders_page`) aimed at an agent's personal
 * reminder: missing, as any record out of scope.
 */
const personalMissing = (
  path: (id: number) => string,
  extra: { body?: unknown; headers?: Record<string, string> } = {},
): BeyondRightsExample => ({
  caller: 'communication',
  request: async ({ fx }) => ({
    path: path((await personalReminder(fx, fx.agent.userId)).id),
    ...extra,
  }),
  status: 404,
});

/** A list asking for the agents' personal reminders: Communication gets none. */
const noPersonal = (path: string, check = nothingOutOfScope): BeyondRightsExample => ({
  caller: 'communication',
  request: async ({ fx }) => {
    await personalReminder(fx, fx.agent.userId);
    return { path };
  },
  status: 200,
  check,
});

function noPersonalDay(response: ApiResponse) {
  if (response.body.days.length !== 0)
    throw new Error(`personal reminders counted for staff: ${response.text}`);
}

/** The file asks for personal reminders only: it must hold no event. */
function noPersonalEvent(response: ApiResponse) {
  if (response.text.includes('BEGIN:VEVENT'))
    throw new Error(`a personal reminder in staff's calendar file: ${response.text}`);
}

export const remindersExamples: Record<string, Example> = {
  'main:listMyReminderLists': {
    request: () => ({ path: '/reminder_list/user?type=personal&order[date]=desc&itemsPerPage=5' }),
    foreign: 'the caller’s own entries only (staff: the network)',
    beyondRights: noPersonal('/reminder_list/user?type=personal&itemsPerPage=100'),
  },
  'main:getMyReminderCalendar': {
    request: () => ({ path: '/reminder_list/user/calendar?month=2026-03' }),
    foreign: 'the caller’s own entries only (staff: the network)',
    beyondRights: noPersonal(
      '/reminder_list/user/calendar?month=2026-03&type=personal',
      noPersonalDay,
    ),
  },
  'main:exportMyRemindersIcs': {
    request: () => ({ path: '/reminder_list/user/ics?date[after]=2026-03-01' }),
    foreign: 'the caller’s own entries only (staff: the network)',
    beyondRights: noPersonal(
      '/reminder_list/user/ics?date[after]=2026-03-01&type=personal',
      noPersonalEvent,
    ),
  },
  'main:listReminders': {
    request: () => ({ path: '/reminders?type=hubnup&title=rappel&itemsPerPage=5' }),
    foreign: 'an agent lists the reminders of his own list only',
    beyondRights: noPersonal('/reminders?type=personal&itemsPerPage=100'),
  },
  'main:createReminder': {
    request: ({ fx }) => ({
      path: '/reminders',
      body: { title: `Rappel ${fx.unique()}`, date: '2026-03-15T10:30:00' },
    }),
    foreign: 'the reminder is the caller’s',
  },
  'main:getReminder': {
    request: async ({ fx, role, caller }) => ({
      path: `/reminders/${await ownReminder(fx, role, caller?.userId)}`,
    }),
    foreign: {
      request: async ({ fx }) => ({
        path: `/reminders/${(await personalReminder(fx, fx.otherAgent.userId)).id}`,
      }),
      status: 404,
    },
    beyondRights: personalMissing((id) => `/reminders/${id}`),
  },
  'main:updateReminder': {
    request: async ({ fx, role, caller }) => ({
      path: `/reminders/${await ownReminder(fx, role, caller?.userId)}`,
      body: { title: 'Rappel modifié' },
      headers: mergePatch,
    }),
    foreign: [
      {
        request: async ({ fx }) => ({
          path: `/reminders/${(await personalReminder(fx, fx.otherAgent.userId)).id}`,
          body: { title: 'Pas le mien' },
          headers: mergePatch,
        }),
        status: 404,
      },
      {
        // A network reminder of his own list: readable, never writable by an agent.
        request: async ({ fx }) => ({
          path: `/reminders/${await networkReminder(fx, [fx.agent.userId])}`,
          body: { title: 'Réseau' },
          headers: mergePatch,
        }),
        status: 403,
      },
    ],
    beyondRights: personalMissing((id) => `/reminders/${id}`, {
      body: { title: 'Siège' },
      headers: mergePatch,
    }),
  },
  'main:deleteReminder': {
    request: async ({ fx, role, caller }) => ({
      path: `/reminders/${await ownReminder(fx, role, caller?.userId)}`,
    }),
    foreign: [
      {
        request: async ({ fx }) => ({
          path: `/reminders/${(await personalReminder(fx, fx.otherAgent.userId)).id}`,
        }),
        status: 404,
      },
      {
        request: async ({ fx }) => ({
          path: `/reminders/${await networkReminder(fx, [fx.agent.userId])}`,
        }),
        status: 403,
      },
    ],
    beyondRights: personalMissing((id) => `/reminders/${id}`),
  },
  'main:getReminderList': {
    // The caller's own entry; for staff, an agent's entry of a network reminder.
    request: async ({ fx, caller }) => {
      const owner = caller && caller !== fx.agent && caller !== fx.otherAgent ? fx.agent : caller;
      if (!owner) return { path: '/reminder_lists/1' };
      const id = await networkReminder(fx, [owner.userId]);
      return { path: `/reminder_lists/${await entryOf(fx, id, owner.userId)}` };
    },
    foreign: {
      request: async ({ fx }) => ({
        path: `/reminder_lists/${(await personalReminder(fx, fx.otherAgent.userId)).entryId}`,
      }),
      status: 404,
    },
  },
  'main:deleteReminderList': {
    request: async ({ fx, caller }) => {
      if (!caller) return { path: '/reminder_lists/1' };
      const id = await networkReminder(fx, [caller.userId]);
      return { path: `/reminder_lists/${await entryOf(fx, id, caller.userId)}` };
    },
    foreign: {
      request: async ({ fx }) => ({
        path: `/reminder_lists/${(await personalReminder(fx, fx.otherAgent.userId)).entryId}`,
      }),
      status: 404,
    },
  },
  'main:duplicateReminder': {
    request: async ({ fx }) => ({
      path: `/reminders/${await networkReminder(fx)}/duplicate`,
      body: { date: '2026-04-12T09:00:00' },
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:exportReminderIcs': {
    request: async ({ fx, role, caller }) => ({
      path: `/reminders/${await ownReminder(fx, role, caller?.userId)}/ics`,
    }),
    foreign: {
      request: async ({ fx }) => ({
        path: `/reminders/${(await personalReminder(fx, fx.otherAgent.userId)).id}/ics`,
      }),
      status: 404,
    },
    beyondRights: personalMissing((id) => `/reminders/${id}/ics`),
  },
  'main:runReminderDigest': {
    request: () => ({
      path: '/reminder_digests',
      body: { date: '2026-03-10', frequency: 'DAILY' },
    }),
    foreign: NOT_AGENT_DATA,
  },
};
