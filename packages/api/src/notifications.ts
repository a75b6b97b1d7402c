import { type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import type { components, operations } from './generated/main';
import { type HydraCollection, unwrap } from './hydra';
import { getQuery } from './shared/get-query';
import { type MutationCallbacks, useDomainMutation } from './shared/mutation';

export type Notification = components['schemas']['Notification'];
export type NotificationInput = components['schemas']['NotificationInput'];
export type NotificationPatch = components['schemas']['NotificationPatch'];
export type NotificationRule = components['schemas']['NotificationRule'];
export type ListNotificationsFilters = NonNullable<
  operations['listNotifications']['parameters']['query']
>;

/** Key roots (`[operationId]`): invalidating one refreshes every variant of the operation. */
export const notificationKeys = {
  listNotifications: ['listNotifications'] as const,
  listNotificationLists: ['listNotificationLists'] as const,
  listNotificationRules: ['listNotificationRules'] as const,
};

/**
 * `listNotificationLists` for the bell: the user's unread entries whose notification is
 * created and not expired at the time each request leaves (so a refetch moves the window).
 */
export const listNotificationListsQuery = (email: string) =>
  queryOptions({
    queryKey: [...notificationKeys.listNotificationLists, email] as const,
    queryFn: async ({ signal }) => {
      const now = new Date().toISOString();
      return unwrap(
        await api.main.GET('/notification_lists', {
          params: {
            query: {
              'user.email': email,
              'notification.expireAt[after]': now,
              'notification.createdAt[before]': now,
              readByUser: 'false',
            },
          },
          signal,
        }),
      );
    },
  });

export const listNotificationsQuery = (filters: ListNotificationsFilters = {}) =>
  queryOptions({
    queryKey: [...notificationKeys.listNotifications, filters] as const,
    queryFn: getQuery('/notifications', { params: { query: filters } }),
  });

export const listNotificationRulesQuery = () =>
  queryOptions({
    queryKey: [...notificationKeys.listNotificationRules] as const,
    queryFn: getQuery('/notification_rules'),
  });

export async function createNotification(body: NotificationInput): Promise<Notification> {
  return unwrap(await api.main.POST('/notifications', { body }));
}

export async function updateNotification({
  id,
  body,
}: {
  id: number;
  body: NotificationPatch;
}): Promise<Notification> {
  return unwrap(await api.main.PATCH('/notifications/{id}', { params: { path: { id } }, body }));
}

export async function updateNotificationRule({
  id,
  isActivate,
}: {
  id: number;
  isActivate: boolean;
}): Promise<NotificationRule> {
  return unwrap(
    await api.main.PATCH('/notification_rules/{id}', {
      params: { path: { id } },
      body: { isActivate },
    }),
  );
}

/** `POST /notification_lists/user` with the entries to mark read. */
export async function markNotificationListsRead(ids: readonly number[]): Promise<void> {
  unwrap(
    await api.main.POST('/notification_lists/user', { body: { notificationListIds: [...ids] } }),
  );
}

const invalidateNotifications = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: notificationKeys.listNotifications });

/** Create (`id: null`) or update, as one mutation for the notification dialog. */
export type SaveNotification =
  { id: null; body: NotificationInput } | { id: number; body: NotificationPatch };

export async function saveNotification(save: SaveNotification): Promise<Notification> {
  return save.id === null ? createNotification(save.body) : updateNotification(save);
}

export const useSaveNotification = (options?: MutationCallbacks<Notification, SaveNotification>) =>
  useDomainMutation(saveNotification, invalidateNotifications, options);

/** Refetches the rules whether the toggle was saved or not (the switch shows the truth). */
export const useUpdateNotificationRule = (
  options?: MutationCallbacks<NotificationRule, { id: number; isActivate: boolean }>,
) =>
  useDomainMutation(
    updateNotificationRule,
    (queryClient) =>
      queryClient.invalidateQueries({ queryKey: notificationKeys.listNotificationRules }),
    options,
    'settled',
  );

/**
 * Marks bell entries read. The bell removes them from its list at once (`onMutate`) and puts
 * them back on failure; the lists are refetched either way.
 */
export const useMarkNotificationListsRead = <TContext = unknown>(
  options?: MutationCallbacks<void, readonly number[], TContext>,
) =>
  useDomainMutation(
    markNotificationListsRead,
    (queryClient) =>
      queryClient.invalidateQueries({ queryKey: notificationKeys.listNotificationLists }),
    options,
    'settled',
  );

type BellData = HydraCollection<components['schemas']['NotificationList']>;
type BellContext = { before: BellData | undefined };

/**
 * The bell's 'mark read': the entries leave `email`'s bell list at once, come back when the
 * call fails, and the lists are refetched either way. The screen adds only its messages.
 */
export const useMarkBellEntriesRead = (
  email: string,
  options: Omit<MutationCallbacks<void, readonly number[], BellContext>, 'onMutate'> = {},
) => {
  const queryClient = useQueryClient();
  const { queryKey } = listNotificationListsQuery(email);
  return useMarkNotificationListsRead<BellContext>({
    ...options,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<BellData>(queryKey);
      queryClient.setQueryData<BellData>(
        queryKey,
        (data) =>
          data && {
            ...data,
            'hydra:member': data['hydra:member'].filter((entry) => !ids.includes(entry.id)),
            'hydra:totalItems': Math.max(0, data['hydra:totalItems'] - ids.length),
          },
      );
      return { before };
    },
    onError: (...args) => {
      const before = args[2]?.before;
      if (before) queryClient.setQueryData(queryKey, before);
      return options.onError?.(...args);
    },
  });
};
