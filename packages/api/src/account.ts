import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { components } from './generated/main';
import { unwrap } from './hydra';
import { progressFetch } from './shared/progress-fetch';

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
    queryFn: async ({ signal }) => unwrap(await api.main.GET('/account', { signal })),
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
