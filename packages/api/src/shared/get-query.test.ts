import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { configureApi } from '../client';
import type { components } from '../generated/main';
import { ApiError } from '../hydra';
import { getQuery } from './get-query';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(response: Response) {
  const seen: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      seen.push(request);
      return response;
    }),
  );
  configureApi({
    mainApiUrl: 'http://api.test',
    trainingApiUrl: 'http://training.test',
    getToken: () => 'abc',
    onUnauthorized: () => {},
  });
  return seen;
}

describe('getQuery', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the path and query parameters and the abort signal, and unwraps the body', async () => {
    const seen = setup(json(200, { id: 7, title: 'Une' }));
    const controller = new AbortController();
    const news = await getQuery('/news/{id}', { params: { path: { id: 7 } } })({
      signal: controller.signal,
    });
    expect(news).toEqual({ id: 7, title: 'Une' });
    expect(seen[0]?.url).toBe('http://api.test/news/7');
    controller.abort();
    expect(seen[0]?.signal.aborted).toBe(true);
  });

  it('throws an ApiError with the status', async () => {
    setup(json(404, { 'hydra:description': 'Introuvable' }));
    const failing = getQuery('/me')({ signal: new AbortController().signal });
    await expect(failing).rejects.toBeInstanceOf(ApiError);
    await expect(failing).rejects.toMatchObject({ status: 404, message: 'Introuvable' });
  });

  it('keeps the exact types of the contract', () => {
    expectTypeOf(
      getQuery('/news/{id}', { params: { path: { id: 1 } } }),
    ).returns.resolves.toEqualTypeOf<components['schemas']['News']>();
    expectTypeOf(getQuery('/me')).returns.resolves.toEqualTypeOf<
      components['schemas']['CurrentUser']
    >();
    // @ts-expect-error the path parameter is required
    void getQuery('/news/{id}');
    // @ts-expect-error a path parameter of the wrong type
    void getQuery('/news/{id}', { params: { path: { id: 'x' } } });
    // @ts-expect-error a filter the contract does not declare
    void getQuery('/news', { params: { query: { nope: 1 } } });
    // @ts-expect-error a path the contract does not declare
    void getQuery('/nope');
  });
});
