import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { components } from './generated/main';
import { unwrap } from './hydra';
import { getQuery } from './shared/get-query';
import { type MutationCallbacks, useDomainMutation } from './shared/mutation';

export type UserSession = components['schemas']['UserSession'];
export type EndedSessions = components['schemas']['EndedSessions'];

/** Key roots (`[operationId]`) of a user's open sessions. */
export const sessionsKeys = {
  listUserSessions: ['listUserSessions'] as const,
};

/** `GET /users/{id}/sessions`: the user's open sessions (his own, or any with `users_edit_page`). */
export const listUserSessionsQuery = (userId: number) =>
  queryOptions({
    queryKey: [...sessionsKeys.listUserSessions, userId] as const,
    queryFn: getQuery('/users/{id}/sessions', { params: { path: { id: userId } } }),
  });

/** `DELETE /sessions/{id}`: ends one session; its tokens are refused afterwards. */
export async function endSession(id: string): Promise<void> {
  unwrap(await api.main.DELETE('/sessions/{id}', { params: { path: { id } } }));
}

/** `DELETE /users/{id}/sessions`: ends every session of the user but the caller's. */
export async function endUserSessions(userId: number): Promise<EndedSessions> {
  return unwrap(
    await api.main.DELETE('/users/{id}/sessions', { params: { path: { id: userId } } }),
  );
}

const refetchSessions = (queryClient: Parameters<Parameters<typeof useDomainMutation>[1]>[0]) =>
  queryClient.invalidateQueries({ queryKey: sessionsKeys.listUserSessions });

export const useEndSession = (options?: MutationCallbacks<void, string>) =>
  useDomainMutation(endSession, refetchSessions, options);

export const useEndUserSessions = (options?: MutationCallbacks<EndedSessions, number>) =>
  useDomainMutation(endUserSessions, refetchSessions, options);
