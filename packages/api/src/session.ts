import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { components, paths } from './generated/main';
import { unwrap } from './hydra';
import { getQuery } from './shared/get-query';

export type CurrentUser = components['schemas']['CurrentUser'];
export type CgpDetail = components['schemas']['CgpDetail'];
export type PublicSettings = components['schemas']['PublicSettings'];
export type Session = components['schemas']['Session'];
export type SecondFactorChallenge = components['schemas']['SecondFactorChallenge'];
export type SecondFactorSession = components['schemas']['SecondFactorSession'];
export type SecondFactorEnrolment = components['schemas']['SecondFactorEnrolment'];

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

/*
 * Sign-in plumbing of `packages/auth`: each call unwraps the answer or throws an `ApiError`
 * (status and body, for the screen's message).
 */
type Body<P extends keyof paths, M extends 'post'> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * `POST /token`: signs in with e-mail and password; when a second factor is due, the answer is
 * a challenge instead of a session (`isSecondFactorChallenge`).
 */
export async function signIn(
  body: Body<'/token', 'post'>,
): Promise<Session | SecondFactorChallenge> {
  return unwrap(await api.main.POST('/token', { body }));
}

export const isSecondFactorChallenge = (
  answer: Session | SecondFactorChallenge,
): answer is SecondFactorChallenge => 'challenge' in answer;

/** `POST /token/second_factor`: the code (or a recovery code) that ends the sign-in. */
export async function verifySecondFactor(
  challenge: string,
  code: string,
): Promise<SecondFactorSession> {
  return unwrap(await api.main.POST('/token/second_factor', { body: { challenge, code } }));
}

/** `POST /token/second_factor/enrolment`: the secret to scan when the profile requires one. */
export async function startSecondFactorEnrolmentAtSignIn(
  challenge: string,
): Promise<SecondFactorEnrolment> {
  return unwrap(await api.main.POST('/token/second_factor/enrolment', { body: { challenge } }));
}

/** `POST /logout` for a token (best effort: the caller ignores a failure). */
export async function signOutToken(token: string): Promise<void> {
  unwrap(await api.main.POST('/logout', { headers: bearer(token) }));
}

/** `POST /reset_password_tokens`: sends the reset link. */
export async function requestPasswordReset(
  body: Body<'/reset_password_tokens', 'post'>,
): Promise<void> {
  unwrap(await api.main.POST('/reset_password_tokens', { body }));
}

/** `POST /reset_password_tokens/{token}`: sets the new password. */
export async function resetPassword(token: string, password: string): Promise<void> {
  unwrap(
    await api.main.POST('/reset_password_tokens/{token}', {
      params: { path: { token } },
      body: { password },
    }),
  );
}

/** `POST /auth/handoff`: a single-use code opening this session (or `token`'s) in the other app. */
export async function createHandoff(token?: string): Promise<{ code: string }> {
  return unwrap(
    await api.main.POST('/auth/handoff', token ? { headers: bearer(token) } : undefined),
  );
}

/** `POST /auth/handoff/exchange`: the session a hand-off code opens. */
export async function exchangeHandoff(code: string): Promise<Session> {
  return unwrap(await api.main.POST('/auth/handoff/exchange', { body: { code } }));
}

/** `GET /administration/impersonate-user/{id}`: the session of the user to view as. */
export async function startImpersonationSession(id: number): Promise<Session> {
  return unwrap(
    await api.main.GET('/administration/impersonate-user/{id}', { params: { path: { id } } }),
  );
}

/** `POST /administration/impersonate-user/exit` with the impersonated token. */
export async function exitImpersonationSession(token: string): Promise<void> {
  unwrap(await api.main.POST('/administration/impersonate-user/exit', { headers: bearer(token) }));
}
