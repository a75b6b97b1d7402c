import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { components, operations } from './generated/main';
import { unwrap } from './hydra';
import { type DownloadedFile, getDownload } from './shared/download';
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
export type ListProfilesFilters = NonNullable<operations['listProfiles']['parameters']['query']>;

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

/** `{ assignable: true }`: the profiles the caller may give (and whose users he may act on). */
export const listProfilesQuery = (filters: ListProfilesFilters = {}) =>
  queryOptions({
    queryKey: [...administrationKeys.listProfiles, filters] as const,
    queryFn: getQuery('/profiles', { params: { query: filters } }),
  });

/** Which profiles are assignable follows the components they hold. */
const assignableChanged = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    queryKey: administrationKeys.listProfiles,
    predicate: (query) =>
      (query.queryKey[1] as ListProfilesFilters | undefined)?.assignable === true,
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
      void assignableChanged(queryClient);
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

export type User = components['schemas']['User'];
export type UserInput = components['schemas']['UserInput'];
export type UserPatch = components['schemas']['UserPatch'];
/** The user form as the spec sends it: the profile as `roles`, not the extension's `profile`. */
export type UserForm = Omit<UserInput, 'profile'> & { roles: string[] };
/** The role of a suspended account (spec part 2 §4). */
export const ROLE_DISABLED = 'ROLE_DISABLED';
export type UserImportReport = components['schemas']['UserImportReport'];
export type UserImportRow = components['schemas']['UserImportRow'];

/** 'Rechercher ID CGP': the active agents of this address and name (spec part 2 §7). */
export const findConsultantForUserQuery = (who: {
  email: string;
  lastName: string;
  firstName: string;
}) =>
  queryOptions({
    queryKey: ['listConsultantReferences', 'user-form', who] as const,
    queryFn: getQuery('/consultants', {
      params: { query: { ...who, status: 'actif', pagination: false } },
    }),
    staleTime: 0,
  });

/** `POST /users` as the spec writes it: the first role names the profile. */
export async function createUser(body: UserForm): Promise<User> {
  return unwrap(await api.main.POST('/users', { body }));
}

/** The spec's edit: `PATCH` on the user's `@id` (merge-patch); giving a role reactivates. */
export async function editUser({ id, ...body }: UserPatch & { id: number }): Promise<User> {
  return unwrap(
    await api.main.PATCH('/users/{id}', {
      params: { path: { id } },
      body,
      headers: { 'content-type': 'application/merge-patch+json' },
    }),
  );
}

/** The spec's deactivation: the roles become ROLE_DISABLED (his sessions end). */
export async function disableUser(id: number): Promise<User> {
  return editUser({ id, roles: [ROLE_DISABLED] });
}

export async function deleteUser(id: number): Promise<void> {
  unwrap(await api.main.DELETE('/users/{id}', { params: { path: { id } } }));
}

export async function sendUserResetMail(id: number): Promise<void> {
  unwrap(await api.main.POST('/users/{id}/reset_password', { params: { path: { id } } }));
}

function importBody(file: File) {
  const body = new FormData();
  body.append('file', file);
  // openapi-fetch sends FormData as is (the browser sets the multipart boundary).
  return body as unknown as { file: string };
}

/** Reads the import file and says of each row whether it would be imported; writes nothing. */
export async function previewUserImport(file: File): Promise<UserImportReport> {
  return unwrap(await api.main.POST('/users/import/preview', { body: importBody(file) }));
}

export async function importUsers(file: File): Promise<UserImportReport> {
  return unwrap(await api.main.POST('/users/import', { body: importBody(file) }));
}

/** `GET /users/import/template`: the import's template (.xlsx). */
export function downloadUserImportTemplate(
  onProgress?: (receivedBytes: number) => void,
): Promise<DownloadedFile> {
  return getDownload('/users/import/template', {}, { onProgress });
}

/** Every users list and the user's own record show the change. */
const usersChanged = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: administrationKeys.listUsers });
  void queryClient.invalidateQueries({ queryKey: administrationKeys.getUser });
};

export const useCreateUser = (options?: MutationCallbacks<User, UserForm>) =>
  useDomainMutation(createUser, usersChanged, options);
export const useEditUser = (options?: MutationCallbacks<User, UserPatch & { id: number }>) =>
  useDomainMutation(editUser, usersChanged, options);
export const useDisableUser = (options?: MutationCallbacks<User, number>) =>
  useDomainMutation(disableUser, usersChanged, options);
/** The deleted user's record leaves the cache first: refetched, it would only answer 404. */
export const useDeleteUser = (options?: MutationCallbacks<void, number>) =>
  useDomainMutation(
    deleteUser,
    async (queryClient: QueryClient, _data: void | undefined, id: number) => {
      const record = getUserQuery(id).queryKey;
      await queryClient.cancelQueries({ queryKey: record, exact: true });
      queryClient.removeQueries({ queryKey: record, exact: true });
      usersChanged(queryClient);
    },
    options,
  );
export const useSendUserResetMail = (options?: MutationCallbacks<void, number>) =>
  useDomainMutation(sendUserResetMail, () => undefined, options);
export const useImportUsers = (options?: MutationCallbacks<UserImportReport, File>) =>
  useDomainMutation(importUsers, usersChanged, options);
