import { type QueryClient, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { accountKeys } from './account';
import { api } from './client';
import type { components, operations } from './generated/main';
import { unwrap } from './hydra';
import { type DownloadedFile, getDownload } from './shared/download';
import { getQuery } from './shared/get-query';
import { type MutationCallbacks, useDomainMutation } from './shared/mutation';

export type Reminder = components['schemas']['Reminder'];
export type ReminderListEntry = components['schemas']['ReminderList'];
export type ReminderInput = components['schemas']['ReminderInput'];
export type ReminderPatch = components['schemas']['ReminderPatch'];
export type ReminderDuplicate = components['schemas']['ReminderDuplicate'];
export type ReminderCalendar = components['schemas']['ReminderCalendar'];
export type ReminderFrequency = components['schemas']['ReminderFrequency'];
export type User = components['schemas']['User'];
/** The generator's name for the list's rows (`GET /reminders`). */
export type RemindersItem = Reminder;
export type RemindersFilters = NonNullable<operations['listReminders']['parameters']['query']>;
export type MyReminderListsFilters = NonNullable<
  operations['listMyReminderLists']['parameters']['query']
>;
export type MyReminderCalendarQuery = operations['getMyReminderCalendar']['parameters']['query'];
export type MyRemindersIcsFilters = NonNullable<
  operations['exportMyRemindersIcs']['parameters']['query']
>;

/** Key roots (`[operationId]`). */
export const remindersKeys = {
  listReminders: ['listReminders'] as const,
  listMyReminderLists: ['listMyReminderLists'] as const,
  getMyReminderCalendar: ['getMyReminderCalendar'] as const,
  getReminder: ['getReminder'] as const,
};

/** The reminders themselves (the network list for staff): one page. */
export const listRemindersQuery = (filters: RemindersFilters) =>
  queryOptions({
    queryKey: [...remindersKeys.listReminders, filters] as const,
    queryFn: getQuery('/reminders', { params: { query: filters } }),
    placeholderData: keepPreviousData,
  });

/** The caller's list entries (`/my/reminders`): one page, 10 by default, latest first. */
export const listMyReminderListsQuery = (filters: MyReminderListsFilters) =>
  queryOptions({
    queryKey: [...remindersKeys.listMyReminderLists, filters] as const,
    queryFn: getQuery('/reminder_list/user', { params: { query: filters } }),
    placeholderData: keepPreviousData,
  });

/** Reminders per day of a month, for the calendar's badges. */
export const getMyReminderCalendarQuery = (query: MyReminderCalendarQuery) =>
  queryOptions({
    queryKey: [...remindersKeys.getMyReminderCalendar, query] as const,
    queryFn: getQuery('/reminder_list/user/calendar', { params: { query } }),
    placeholderData: keepPreviousData,
  });

export const getReminderQuery = (id: number) =>
  queryOptions({
    queryKey: [...remindersKeys.getReminder, id] as const,
    queryFn: getQuery('/reminders/{id}', { params: { path: { id } } }),
  });

export async function createReminder(body: ReminderInput): Promise<Reminder> {
  return unwrap(await api.main.POST('/reminders', { body }));
}

export async function updateReminder({
  id,
  body,
}: {
  id: number;
  body: ReminderPatch;
}): Promise<Reminder> {
  return unwrap(await api.main.PATCH('/reminders/{id}', { params: { path: { id } }, body }));
}

export async function deleteReminder(id: number): Promise<void> {
  unwrap(await api.main.DELETE('/reminders/{id}', { params: { path: { id } } }));
}

/** Removes a (network) reminder from the caller's own list. */
export async function deleteReminderList(entryId: number): Promise<void> {
  unwrap(await api.main.DELETE('/reminder_lists/{id}', { params: { path: { id: entryId } } }));
}

export async function duplicateReminder({
  id,
  body,
}: {
  id: number;
  body: ReminderDuplicate;
}): Promise<Reminder> {
  return unwrap(
    await api.main.POST('/reminders/{id}/duplicate', { params: { path: { id } }, body }),
  );
}

/** The reporting preference (`reminderFrequency`) of the signed-in user (his own id). */
export async function updateReminderFrequency({
  userId,
  reminderFrequency,
}: {
  userId: number;
  reminderFrequency: ReminderFrequency[];
}): Promise<User> {
  return unwrap(
    await api.main.PATCH('/users/{id}', {
      params: { path: { id: userId } },
      body: { reminderFrequency },
    }),
  );
}

/** 'Ajouter à mon agenda': one reminder as an .ics file (bearer header, no token in the URL). */
export function downloadReminderIcs(id: number): Promise<DownloadedFile> {
  return getDownload('/reminders/{id}/ics', { params: { path: { id } } });
}

/** The filtered list as one .ics file. */
export function downloadMyRemindersIcs(filters: MyRemindersIcsFilters): Promise<DownloadedFile> {
  return getDownload('/reminder_list/user/ics', { params: { query: filters } });
}

/** Every reminder view: lists, calendar badges and items. */
export const invalidateReminders = (queryClient: QueryClient) =>
  Promise.all(
    Object.values(remindersKeys).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );

export const useCreateReminder = (options?: MutationCallbacks<Reminder, ReminderInput>) =>
  useDomainMutation(createReminder, invalidateReminders, options);

export const useUpdateReminder = (
  options?: MutationCallbacks<Reminder, { id: number; body: ReminderPatch }>,
) => useDomainMutation(updateReminder, invalidateReminders, options);

export const useDuplicateReminder = (
  options?: MutationCallbacks<Reminder, { id: number; body: ReminderDuplicate }>,
) => useDomainMutation(duplicateReminder, invalidateReminders, options);

/** Deleting drops the item's own cache entry, then refreshes the lists. */
export const useDeleteReminder = (options?: MutationCallbacks<void, number>) =>
  useDomainMutation(
    deleteReminder,
    (queryClient, _data, id) => {
      queryClient.removeQueries({ queryKey: [...remindersKeys.getReminder, id] });
      return invalidateReminders(queryClient);
    },
    options,
  );

export const useDeleteReminderList = (options?: MutationCallbacks<void, number>) =>
  useDomainMutation(deleteReminderList, invalidateReminders, options);

export const useUpdateReminderFrequency = (
  options?: MutationCallbacks<User, { userId: number; reminderFrequency: ReminderFrequency[] }>,
) =>
  useDomainMutation(
    updateReminderFrequency,
    (queryClient) => queryClient.invalidateQueries({ queryKey: accountKeys.getAccount }),
    options,
  );
