import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import type { components } from './generated/main';
import { unwrap } from './hydra';
import { getQuery } from './shared/get-query';
import { type MutationCallbacks, useDomainMutation } from './shared/mutation';

export type SecondFactorStatus = components['schemas']['SecondFactorStatus'];
export type SecondFactorEnrolment = components['schemas']['SecondFactorEnrolment'];
export type SecondFactorRecoveryCodes = components['schemas']['SecondFactorRecoveryCodes'];

/** Key roots (`[operationId]`). */
export const secondFactorKeys = {
  getSecondFactor: ['getSecondFactor'] as const,
  getUserSecondFactor: ['getUserSecondFactor'] as const,
};

/** `GET /me/second_factor`: the caller's own second factor. */
export const getSecondFactorQuery = () =>
  queryOptions({
    queryKey: [...secondFactorKeys.getSecondFactor] as const,
    queryFn: getQuery('/me/second_factor'),
  });

/** `GET /users/{id}/second_factor` (staff). */
export const getUserSecondFactorQuery = (id: number) =>
  queryOptions({
    queryKey: [...secondFactorKeys.getUserSecondFactor, id] as const,
    queryFn: getQuery('/users/{id}/second_factor', { params: { path: { id } } }),
  });

const refreshOwn = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: secondFactorKeys.getSecondFactor });

/** `POST /me/second_factor`: a new secret to scan. */
export function useStartSecondFactorEnrolment(
  options?: MutationCallbacks<SecondFactorEnrolment, void>,
) {
  return useDomainMutation(
    async () => unwrap(await api.main.POST('/me/second_factor')),
    () => undefined,
    options,
  );
}

/** `POST /me/second_factor/confirmation`: switches the factor on; its recovery codes, once. */
export function useConfirmSecondFactorEnrolment(
  options?: MutationCallbacks<SecondFactorRecoveryCodes, string>,
) {
  return useDomainMutation(
    async (code: string) =>
      unwrap(await api.main.POST('/me/second_factor/confirmation', { body: { code } })),
    refreshOwn,
    options,
  );
}

/**
 * `POST /me/second_factor/recovery_codes`: ten new recovery codes after a current code of the
 * app; the old ones stop. Answered once.
 */
export function useRegenerateSecondFactorRecoveryCodes(
  options?: MutationCallbacks<SecondFactorRecoveryCodes, string>,
) {
  return useDomainMutation(
    async (code: string) =>
      unwrap(await api.main.POST('/me/second_factor/recovery_codes', { body: { code } })),
    refreshOwn,
    options,
  );
}

/** `DELETE /users/{id}/second_factor`: the user enrols again. */
export function useResetUserSecondFactor(options?: MutationCallbacks<void, number>) {
  return useDomainMutation(
    async (id: number) => {
      unwrap(await api.main.DELETE('/users/{id}/second_factor', { params: { path: { id } } }));
    },
    (queryClient, _data, id) =>
      queryClient.invalidateQueries({ queryKey: [...secondFactorKeys.getUserSecondFactor, id] }),
    options,
  );
}
