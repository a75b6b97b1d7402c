import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { components } from './generated/main';
import { unwrap } from './hydra';
import { getQuery } from './shared/get-query';
import { type MutationCallbacks, useDomainMutation } from './shared/mutation';
import { progressFetch } from './shared/progress-fetch';
import { sessionKeys } from './session';

export type Account = components['schemas']['Account'];
export type AgentAccount = components['schemas']['AgentAccount'];
export type AccountPicture = components['schemas']['AccountPicture'];
export type AgentRequest = components['schemas']['AgentRequest'];
export type EmailChange = components['schemas']['EmailChange'];
export type AccountPasswordChange = components['schemas']['AccountPasswordChange'];

/** Key roots (`[operationId]`). */
export const accountKeys = {
  getAccount: ['getAccount'] as const,
};

/** `GET /account`: the caller's own account. */
export const getAccountQuery = () =>
  queryOptions({
    queryKey: [...accountKeys.getAccount] as const,
    queryFn: getQuery('/account'),
  });

/** `PATCH /users/change_email/{id}` (merge-patch). */
export async function changeEmail(id: number, body: EmailChange): Promise<Account> {
  return unwrap(
    await api.main.PATCH('/users/change_email/{id}', {
      params: { path: { id } },
      body,
      headers: { 'content-type': 'application/merge-patch+json' },
    }),
  );
}

/** `POST /change_password/{id}`. */
export async function changeAccountPassword(
  id: number,
  body: AccountPasswordChange,
): Promise<void> {
  unwrap(await api.main.POST('/change_password/{id}', { params: { path: { id } }, body }));
}

/** `POST /users/change_picture/{id}` (multipart `file`). */
export async function changePicture(
  id: number,
  photo: Blob,
  onProgress: (ratio: number) => void = () => {},
): Promise<AccountPicture> {
  const body = new FormData();
  body.append('file', photo, 'photo.jpg');
  return unwrap(
    await api.main.POST('/users/change_picture/{id}', {
      params: { path: { id } },
      // openapi-fetch sends FormData as is (the browser sets the multipart boundary).
      body: body as unknown as { file: string },
      fetch: progressFetch(onProgress),
    }),
  );
}

export interface AgentRequestValues {
  title: string;
  content: string;
  file: File | null;
}

/** `POST /agent_request` (multipart `title`, `content`, optional `file`). */
export async function createAgentRequest(
  values: AgentRequestValues,
  onProgress: (ratio: number) => void = () => {},
): Promise<AgentRequest> {
  const body = new FormData();
  body.append('title', values.title);
  body.append('content', values.content);
  if (values.file) body.append('file', values.file);
  return unwrap(
    await api.main.POST('/agent_request', {
      body: body as unknown as { title: string },
      fetch: progressFetch(onProgress),
    }),
  );
}

/**
 * Keeps the account query and the session's `GET /me` in step with a change of the caller's
 * own account (e-mail, photo): the saved fields are written in place, `/me` is refetched.
 */
export function updateAccountCache(
  queryClient: QueryClient,
  change: Partial<Pick<Account, 'email' | 'picture' | 'circularPicture'>>,
) {
  queryClient.setQueryData<Account>(accountKeys.getAccount, (account) =>
    account ? { ...account, ...change } : account,
  );
  return queryClient.invalidateQueries({ queryKey: sessionKeys.getCurrentUser });
}

export type ChangeEmailVariables = { id: number; body: EmailChange };

/** Changing the e-mail writes the saved address into the account and refetches `/me`. */
export const useChangeEmail = (options?: MutationCallbacks<Account, ChangeEmailVariables>) =>
  useDomainMutation(
    ({ id, body }: ChangeEmailVariables) => changeEmail(id, body),
    (queryClient, saved) => saved && updateAccountCache(queryClient, { email: saved.email }),
    options,
  );

export type ChangeAccountPasswordVariables = { id: number; body: AccountPasswordChange };

/** Changing the password changes nothing the cache holds. */
export const useChangeAccountPassword = (
  options?: MutationCallbacks<void, ChangeAccountPasswordVariables>,
) =>
  useDomainMutation(
    ({ id, body }: ChangeAccountPasswordVariables) => changeAccountPassword(id, body),
    () => undefined,
    options,
  );

export type ChangePictureVariables = {
  id: number;
  /** The framed photo, or how to frame it (framing may fail: the mutation fails with it). */
  photo: Blob | (() => Promise<Blob>);
  onProgress?: (ratio: number) => void;
};

/** A new photo is written into the account (both pictures) and `/me` is refetched. */
export const useChangePicture = (
  options?: MutationCallbacks<AccountPicture, ChangePictureVariables>,
) =>
  useDomainMutation(
    async ({ id, photo, onProgress }: ChangePictureVariables) =>
      changePicture(id, typeof photo === 'function' ? await photo() : photo, onProgress),
    (queryClient, saved) => saved && updateAccountCache(queryClient, saved),
    options,
  );

export type CreateAgentRequestVariables = AgentRequestValues & {
  onProgress?: (ratio: number) => void;
};

/** The support request: sent mail, nothing cached to refresh. */
export const useCreateAgentRequest = (
  options?: MutationCallbacks<AgentRequest, CreateAgentRequestVariables>,
) =>
  useDomainMutation(
    ({ onProgress, ...values }: CreateAgentRequestVariables) =>
      createAgentRequest(values, onProgress),
    () => undefined,
    options,
  );

/** `DELETE /users/change_picture/{id}`: removes the caller's own photo. */
export async function deleteAccountPicture(id: number): Promise<void> {
  unwrap(await api.main.DELETE('/users/change_picture/{id}', { params: { path: { id } } }));
}

/** 'Supprimer la photo': both pictures become null in the account, and `/me` is refetched. */
export const useDeleteAccountPicture = (options?: MutationCallbacks<void, number>) =>
  useDomainMutation(
    deleteAccountPicture,
    (queryClient) => updateAccountCache(queryClient, { picture: null, circularPicture: null }),
    options,
  );
