import { QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { ApiError, unwrap } from './hydra';

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
