import type { ClientPathsWithMethod, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import { api, type MainClient, type TrainingClient } from '../client';
import type { paths } from '../generated/main';
import type { paths as TrainingPaths } from '../generated/training';
import { unwrap } from '../hydra';

export type GetPath = ClientPathsWithMethod<MainClient, 'get'>;
export type GetInit<P extends GetPath> = MaybeOptionalInit<paths[P], 'get'>;
type GetData<P extends GetPath, Init> = NonNullable<
  FetchResponse<paths[P]['get'], Init, `${string}/${string}`>['data']
>;

/**
 * The `queryFn` of a GET on the main API: `getQuery('/news/{id}', { params: { path: { id } } })`
 * sends the query's abort signal and unwraps the body (or throws an ApiError). Path, parameters
 * and result keep openapi-fetch's exact types.
 */
export function getQuery<P extends GetPath, Init extends GetInit<P>>(
  path: P,
  ...[init]: undefined extends GetInit<P> ? [init?: Init] : [init: Init]
) {
  return async ({ signal }: { signal: AbortSignal }): Promise<GetData<P, Init>> => {
    const get = api.main.GET as unknown as (
      path: P,
      init: Init & { signal: AbortSignal },
    ) => Promise<FetchResponse<paths[P]['get'], Init, `${string}/${string}`>>;
    return unwrap(await get(path, { ...(init as Init), signal })) as GetData<P, Init>;
  };
}

export type TrainingGetPath = ClientPathsWithMethod<TrainingClient, 'get'>;
export type TrainingGetInit<P extends TrainingGetPath> = MaybeOptionalInit<TrainingPaths[P], 'get'>;
type TrainingGetData<P extends TrainingGetPath, Init> = NonNullable<
  FetchResponse<TrainingPaths[P]['get'], Init, `${string}/${string}`>['data']
>;

/** `getQuery()` on the training API (`api.training`): same contract, other backend. */
export function getTrainingQuery<P extends TrainingGetPath, Init extends TrainingGetInit<P>>(
  path: P,
  ...[init]: undefined extends TrainingGetInit<P> ? [init?: Init] : [init: Init]
) {
  return async ({ signal }: { signal: AbortSignal }): Promise<TrainingGetData<P, Init>> => {
    const get = api.training.GET as unknown as (
      path: P,
      init: Init & { signal: AbortSignal },
    ) => Promise<FetchResponse<TrainingPaths[P]['get'], Init, `${string}/${string}`>>;
    return unwrap(await get(path, { ...(init as Init), signal })) as TrainingGetData<P, Init>;
  };
}
