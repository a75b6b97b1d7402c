import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { components } from './generated/main';
import { unwrap } from './hydra';
import { getQuery } from './shared/get-query';

export type CurrentUser = components['schemas']['CurrentUser'];
export type CgpDetail = components['schemas']['CgpDetail'];
export type PublicSettings = components['schemas']['PublicSettings'];

/** Key roots (`[operationId]`) of the signed-in user's own data and the public settings. */
export const sessionKeys = {
  getCurrentUser: ['getCurrentUser'] as const,
  getCgp: ['getCgp'] as const,
  getPublicSettings: ['getPublicSettings'] as const,
};

export const getCurrentUserQuery = () =>
  queryOptions({
    queryKey: [...sessionKeys.getCurrentUser] as const,
    queryFn: getQuery('/me'),
  });

export const getCgpQuery = (id: string) =>
  queryOptions({
    queryKey: [...sessionKeys.getCgp, id] as const,
    queryFn: getQuery('/cgp/{id}', { params: { path: { id } } }),
  });

/** `GET /public/settings` (no session needed: the sign-in and 403 screens ask it too). */
export async function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return unwrap(await api.main.GET('/public/settings', { signal }));
}

export const getPublicSettingsQuery = () =>
  queryOptions({
    queryKey: [...sessionKeys.getPublicSettings] as const,
    queryFn: ({ signal }) => getPublicSettings(signal),
  });
