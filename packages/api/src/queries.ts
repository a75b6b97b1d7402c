import { QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { operations } from './generated/main';
import { ApiError, unwrap } from './hydra';

type ProfileType = 'Mandataire' | 'Hubnup';
export type ListUsersFilters = NonNullable<operations['listUsers']['parameters']['query']>;

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
