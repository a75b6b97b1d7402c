import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './hydra';
import { reportNetworkErrorsInFrench } from './network-error';

/** The apps' query cache: no refetch on focus (spec part 1 §9), no retry on a 4xx. */
export function createQueryClient(): QueryClient {
  reportNetworkErrorsInFrench();
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
