import {
  type QueryClient,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';

/** What a screen may add to a domain mutation hook: its own callbacks (messages, navigation). */
export type MutationCallbacks<TData, TVariables, TContext = unknown> = Omit<
  UseMutationOptions<TData, Error, TVariables, TContext>,
  'mutationFn'
>;

/** How a domain mutation brings its cache up to date (invalidate or write through its keys). */
export type CacheUpdate<TData, TVariables> = (
  queryClient: QueryClient,
  data: TData,
  variables: TVariables,
) => unknown;

/**
 * A mutation that keeps the cache right through the domain's query keys. The screen's own
 * `onSuccess` runs first (so its message shows at once); the cache update is awaited, so
 * `mutateAsync` resolves once the lists are refetched. With `on: 'settled'` the cache is
 * refreshed after a failure too (optimistic updates rolled back by a refetch).
 */
export function useDomainMutation<TData, TVariables, TContext = unknown>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  update: CacheUpdate<TData | undefined, TVariables>,
  options: MutationCallbacks<TData, TVariables, TContext> = {},
  on: 'success' | 'settled' = 'success',
) {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVariables, TContext>({
    ...options,
    mutationFn,
    onSuccess: async (...args) => {
      const own = options.onSuccess?.(...args);
      if (on === 'success') await update(queryClient, args[0], args[1]);
      await own;
    },
    onSettled: async (...args) => {
      const own = options.onSettled?.(...args);
      if (on === 'settled') await update(queryClient, args[0], args[2]);
      await own;
    },
  });
}
