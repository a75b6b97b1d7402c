import { infiniteQueryOptions, QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { operations } from './generated/main';
import { ApiError, unwrap } from './hydra';

type ProfileType = 'Mandataire' | 'Hubnup';
export type ListUsersFilters = NonNullable<operations['listUsers']['parameters']['query']>;
export type ListNewsFilters = Omit<
  NonNullable<operations['listNews']['parameters']['query']>,
  'page'
>;
export type ListMyNewsListsFilters = NonNullable<
  operations['listMyNewsLists']['parameters']['query']
>;

export type ListImageBanksFilters = Omit<
  NonNullable<operations['listImageBanks']['parameters']['query']>,
  'page'
>;
export type ListNotificationsFilters = NonNullable<
  operations['listNotifications']['parameters']['query']
>;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // A 4xx will not get better by asking again.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

/** Query keys, one factory per operation, named after its operationId. */
export const queryKeys = {
  getCurrentUser: () => ['getCurrentUser'] as const,
  getCgp: (id: string) => ['getCgp', id] as const,
  listComponents: () => ['listComponents'] as const,
  listProfiles: (type?: ProfileType) => ['listProfiles', type ?? 'all'] as const,
  listAdministrations: () => ['listAdministrations'] as const,
  getPublicSettings: () => ['getPublicSettings'] as const,
  listUsers: (filters: ListUsersFilters) => ['listUsers', filters] as const,
  getUser: (id: number) => ['getUser', id] as const,
  listTrainingRoleMappings: () => ['listTrainingRoleMappings'] as const,
  listImageBanksPages: (filters: ListImageBanksFilters) =>
    ['listImageBanks', 'pages', filters] as const,
  listNotificationLists: (email: string) => ['listNotificationLists', email] as const,
  listNotifications: (filters: ListNotificationsFilters) => ['listNotifications', filters] as const,
  listNotificationRules: () => ['listNotificationRules'] as const,
  listNews: (filters: ListNewsFilters) => ['listNews', filters] as const,
  listNewsPages: (filters: ListNewsFilters) => ['listNews', 'pages', filters] as const,
  getNews: (id: number) => ['getNews', id] as const,
  listMyNewsLists: (filters: ListMyNewsListsFilters) => ['listMyNewsLists', filters] as const,
  listPartners: () => ['listPartners'] as const,
};

export const getCurrentUserQuery = () =>
  queryOptions({
    queryKey: queryKeys.getCurrentUser(),
    queryFn: async ({ signal }) => unwrap(await api.main.GET('/me', { signal })),
  });

export const getCgpQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.getCgp(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.main.GET('/cgp/{id}', { params: { path: { id } }, signal })),
  });

export const listComponentsQuery = () =>
  queryOptions({
    queryKey: queryKeys.listComponents(),
    queryFn: async ({ signal }) => unwrap(await api.main.GET('/components', { signal })),
  });

export const listProfilesQuery = (type?: ProfileType) =>
  queryOptions({
    queryKey: queryKeys.listProfiles(type),
    queryFn: async ({ signal }) =>
      unwrap(await api.main.GET('/profiles', { params: { query: type ? { type } : {} }, signal })),
  });

export const listAdministrationsQuery = () =>
  queryOptions({
    queryKey: queryKeys.listAdministrations(),
    queryFn: async ({ signal }) => unwrap(await api.main.GET('/administrations', { signal })),
  });

export const getPublicSettingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.getPublicSettings(),
    queryFn: async ({ signal }) => unwrap(await api.main.GET('/public/settings', { signal })),
  });

export const listUsersQuery = (filters: ListUsersFilters) =>
  queryOptions({
    queryKey: queryKeys.listUsers(filters),
    queryFn: async ({ signal }) =>
      unwrap(await api.main.GET('/users', { params: { query: filters }, signal })),
  });

export const getUserQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.getUser(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.main.GET('/users/{id}', { params: { path: { id } }, signal })),
  });

export const listTrainingRoleMappingsQuery = () =>
  queryOptions({
    queryKey: queryKeys.listTrainingRoleMappings(),
    queryFn: async ({ signal }) => unwrap(await api.main.GET('/odysseal/roles', { signal })),
  });

export const listNewsQuery = (filters: ListNewsFilters) =>
  queryOptions({
    queryKey: queryKeys.listNews(filters),
    queryFn: async ({ signal }) =>
      unwrap(await api.main.GET('/news', { params: { query: filters }, signal })),
  });

/** `listNews` page after page (9 per page), for grids that load more as the user scrolls. */
export const listNewsInfiniteQuery = (filters: ListNewsFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.listNewsPages(filters),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        await api.main.GET('/news', { params: { query: { ...filters, page: pageParam } }, signal }),
      ),
    getNextPageParam: (last, _pages, pageParam) =>
      last['hydra:view']?.['hydra:next'] ? pageParam + 1 : undefined,
  });

export const getNewsQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.getNews(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.main.GET('/news/{id}', { params: { path: { id } }, signal })),
  });

export const listMyNewsListsQuery = (filters: ListMyNewsListsFilters = {}) =>
  queryOptions({
    queryKey: queryKeys.listMyNewsLists(filters),
    queryFn: async ({ signal }) =>
      unwrap(await api.main.GET('/news_list/user', { params: { query: filters }, signal })),
  });

export const listPartnersQuery = () =>
  queryOptions({
    queryKey: queryKeys.listPartners(),
    queryFn: async ({ signal }) => unwrap(await api.main.GET('/sso/partners', { signal })),
    staleTime: Infinity,
  });

/** `listImageBanks` page after page (9 per page), for the image bank grid and picker. */
export const listImageBanksInfiniteQuery = (filters: ListImageBanksFilters = {}) =>
  infiniteQueryOptions({
    queryKey: queryKeys.listImageBanksPages(filters),
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        await api.main.GET('/image_banks', {
          params: { query: { ...filters, page: pageParam } },
          signal,
        }),
      ),
    getNextPageParam: (last, pages, pageParam) => {
      const loaded = pages.reduce((sum, page) => sum + page['hydra:member'].length, 0);
      return last['hydra:member'].length > 0 && loaded < last['hydra:totalItems']
        ? pageParam + 1
        : undefined;
    },
  });

/**
 * `listNotificationLists` for the bell: the user's unread entries whose notification is
 * created and not expired at the time each request leaves (so a refetch moves the window).
 */
export const listNotificationListsQuery = (email: string) =>
  queryOptions({
    queryKey: queryKeys.listNotificationLists(email),
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
    queryKey: queryKeys.listNotifications(filters),
    queryFn: async ({ signal }) =>
      unwrap(await api.main.GET('/notifications', { params: { query: filters }, signal })),
  });

export const listNotificationRulesQuery = () =>
  queryOptions({
    queryKey: queryKeys.listNotificationRules(),
    queryFn: async ({ signal }) => unwrap(await api.main.GET('/notification_rules', { signal })),
  });
