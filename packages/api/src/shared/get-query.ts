import type { ClientPathsWithMethod, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import { api, type MainClient } from '../client';
import type { paths } from '../generated/main';
import { unwrap } from '../hydra';

type GetPath = ClientPathsWithMethod<MainClient, 'get'>;
type GetInit<P extends GetPath> = MaybeOptionalInit<paths[P], 'get'>;
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
