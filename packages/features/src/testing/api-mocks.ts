import type { paths } from '@portal/api/generated/main';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

/** Where the screens' API client points in tests (`renderScreen` configures it). */
export const API_URL = 'http://api.test';

/** The mock API: start it once per file with `useMockApi()`; every unhandled call fails. */
export const server = setupServer();

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type PathWith<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never;
}[keyof paths];
type Operation<M extends Method, P extends PathWith<M>> = Extract<
  paths[P][M],
  { responses: unknown }
>;
type ContentOf<T> = T extends { content: infer C } ? C[keyof C] : never;
/** The 200/201 JSON body of an operation, from the contract. */
export type SuccessBody<M extends Method, P extends PathWith<M>> =
  ContentOf<Operation<M, P>['responses'][200 & keyof Operation<M, P>['responses']]> extends infer Ok
    ? [Ok] extends [never]
      ? ContentOf<Operation<M, P>['responses'][201 & keyof Operation<M, P>['responses']]>
      : Ok
    : never;

export type ApiRequest = {
  request: Request;
  /** Path parameters, e.g. `{ id: '3' }` for `/news/{id}`. */
  params: Record<string, string | readonly string[] | undefined>;
  query: URLSearchParams;
};

/**
 * A handler for one operation of the contract: the path is one of `paths`, the resolver
 * returns that operation's success body (type-checked) or any `Response` (errors).
 *
 *   apiHandler('get', '/news', ({ query }) => newsCollection([...]))
 */
export function apiHandler<M extends Method, P extends PathWith<M>>(
  method: M,
  path: P,
  resolve: (
    request: ApiRequest,
  ) => SuccessBody<M, P> | Response | Promise<SuccessBody<M, P> | Response>,
) {
  const pattern = `${API_URL}${String(path).replace(/\{(\w+)\}/g, ':$1')}`;
  return http[method](pattern, async ({ request, params }) => {
    const result = await resolve({ request, params, query: new URL(request.url).searchParams });
    if (result instanceof Response) return result;
    return HttpResponse.json(result as JsonBodyType, {
      status: method === 'post' ? 201 : 200,
      headers: { 'Content-Type': 'application/ld+json' },
    });
  });
}

/** A Hydra error response, as API Platform sends it. */
export function apiError(status: number, description: string, violations?: object[]): Response {
  return HttpResponse.json(
    { '@type': 'hydra:Error', 'hydra:description': description, violations },
    { status, headers: { 'Content-Type': 'application/ld+json' } },
  );
}

/** A Hydra collection of `member` (the whole list on one page unless `total` says more). */
export function hydraCollection<T>(member: T[], total = member.length) {
  return { '@type': 'hydra:Collection', 'hydra:member': member, 'hydra:totalItems': total };
}
