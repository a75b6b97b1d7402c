import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { components, operations } from './generated/main';
import { unwrap } from './hydra';
import { getQuery } from './shared/get-query';
import { sessionKeys } from './session';
import { type MutationCallbacks, useDomainMutation } from './shared/mutation';

export type Component = components['schemas']['Component'];
export type ComponentCollection = components['schemas']['ComponentCollection'];
export type Profile = components['schemas']['Profile'];
export type ProfileInput = components['schemas']['ProfileInput'];
export type ProfileType = components['schemas']['ProfileType'];
export type Administration = components['schemas']['Administration'];
export type RoleMappingCollection = components['schemas']['RoleMappingCollection'];
export type RoleMappingPatch = components['schemas']['RoleMappingPatch'];
export type ListUsersFilters = NonNullable<operations['listUsers']['parameters']['query']>;

/** Key roots (`[operationId]`): invalidating one refreshes every variant of the operation. */
export const administrationKeys = {
  listComponents: ['listComponents'] as const,
  listProfiles: ['listProfiles'] as const,
  listAdministrations: ['listAdministrations'] as const,
  listUsers: ['listUsers'] as const,
  getUser: ['getUser'] as const,
  listTrainingRoleMappings: ['listTrainingRoleMappings'] as const,
};

export const listComponentsQuery = () =>
  queryOptions({
    queryKey: [...administrationKeys.listComponents] as const,
    queryFn: getQuery('/components'),
  });

export const listProfilesQuery = (type?: ProfileType) =>
  queryOptions({
    queryKey: [...administrationKeys.listProfiles, type ?? 'all'] as const,
    queryFn: getQuery('/profiles', { params: { query: type ? { type } : {} } }),
  });

export const listAdministrationsQuery = () =>
  queryOptions({
    queryKey: [...administrationKeys.listAdministrations] as const,
    queryFn: getQuery('/administrations'),
  });

export const listUsersQuery = (filters: ListUsersFilters) =>
  queryOptions({
    queryKey: [...administrationKeys.listUsers, filters] as const,
    queryFn: getQuery('/users', { params: { query: filters } }),
  });

export const getUserQuery = (id: number) =>
  queryOptions({
    queryKey: [...administrationKeys.getUser, id] as const,
    queryFn: getQuery('/users/{id}', { params: { path: { id } } }),
  });

/** The Odysseal (training) role of each profile, kept by the main backend. */
export const listTrainingRoleMappingsQuery = () =>
  queryOptions({
    queryKey: [...administrationKeys.listTrainingRoleMappings] as const,
    queryFn: getQuery('/odysseal/roles'),
  });

/** Saves a component with its whole new profile list. */
export async function updateComponent({ id, profiles }: { id: number; profiles: string[] }) {
  return unwrap(
    await api.main.PUT('/components/{id}', { params: { path: { id } }, body: { profiles } }),
  );
}

export async function createProfile(body: ProfileInput): Promise<Profile> {
  return unwrap(await api.main.POST('/profiles', { body }));
}

export async function deleteProfile(id: number): Promise<void> {
  unwrap(await api.main.DELETE('/profiles/{id}', { params: { path: { id } } }));
}

export async function createAdministration(supportEmail: string) {
  return unwrap(await api.main.POST('/administrations', { body: { supportEmail } }));
}

export async function updateAdministration({
  id,
  supportEmail,
}: {
  id: number;
  supportEmail: string;
}) {
  return unwrap(
    await api.main.PATCH('/administrations/{id}', {
      params: { path: { id } },
      body: { supportEmail },
    }),
  );
}

export async function updateTrainingRoleMappings(body: RoleMappingPatch) {
  return unwrap(await api.main.PATCH('/odysseal/roles', { body }));
}

/** The saved component replaces its line in the cached list (no refetch of the matrix). */
export const useUpdateComponent = (
  options?: MutationCallbacks<Component, { id: number; profiles: string[] }>,
) =>
  useDomainMutation(
    updateComponent,
    (queryClient, saved) => {
      if (!saved) return;
      queryClient.setQueryData<ComponentCollection>(administrationKeys.listComponents, (list) =>
        list
          ? {
              ...list,
              'hydra:member': list['hydra:member'].map((item: Component) =>
                item.id === saved.id ? saved : item,
              ),
            }
          : list,
      );
    },
    options,
  );

/** Both matrices show the profiles as columns and the components' holders. */
const profilesChanged = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: administrationKeys.listProfiles });
  void queryClient.invalidateQueries({ queryKey: administrationKeys.listComponents });
};

export const useCreateProfile = (options?: MutationCallbacks<Profile, ProfileInput>) =>
  useDomainMutation(createProfile, profilesChanged, options);

export const useDeleteProfile = (options?: MutationCallbacks<void, number>) =>
  useDomainMutation(deleteProfile, profilesChanged, options);

/** The support address changes the public settings too (the suspended users' page). */
const supportEmailChanged = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: administrationKeys.listAdministrations });
  void queryClient.invalidateQueries({ queryKey: sessionKeys.getPublicSettings });
};

export const useCreateAdministration = (options?: MutationCallbacks<Administration, string>) =>
  useDomainMutation(createAdministration, supportEmailChanged, options);

export const useUpdateAdministration = (
  options?: MutationCallbacks<Administration, { id: number; supportEmail: string }>,
) => useDomainMutation(updateAdministration, supportEmailChanged, options);

/** The saved mappings replace the cached list. */
export const useUpdateTrainingRoleMappings = (
  options?: MutationCallbacks<RoleMappingCollection, RoleMappingPatch>,
) =>
  useDomainMutation(
    updateTrainingRoleMappings,
    (queryClient, saved) => {
      if (saved) queryClient.setQueryData(administrationKeys.listTrainingRoleMappings, saved);
    },
    options,
  );
