import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, configureApi } from './client';
import { NETWORK_ERROR_MESSAGE, NetworkError, reportNetworkErrorsInFrench } from './network-error';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that throws, installed before configureApi (the client keeps the fetch it finds). */
function failingFetch(fail: () => never) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => fail()),
  );
  configureApi({
    mainApiUrl: 'http://api.test',
    trainingApiUrl: 'http://training.test',
    getToken: () => null,
    onUnauthorized: () => undefined,
  });
  reportNetworkErrorsInFrench();
}

describe('api client middleware', () => {
  afterEach(() => vi.unstubAllGlobals());

  function setup(token: string | null, response: Response) {
    const seen: Request[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        seen.push(request);
        return response;
      }),
    );
    const onUnauthorized = vi.fn();
    configureApi({
      mainApiUrl: 'http://api.test',
      trainingApiUrl: 'http://training.test',
      getToken: () => token,
      onUnauthorized,
    });
    return { seen, onUnauthorized };
  }

  it('sends the bearer token', async () => {
    const { seen } = setup('abc', json(200, {}));
    await api.main.GET('/me');
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer abc');
    expect(seen[0]?.url).toBe('http://api.test/me');
  });

  it('sends PATCH bodies as merge-patch, other writes as JSON', async () => {
    const patch = setup('abc', json(200, { supportEmail: 'a@b.fr' }));
    await api.main.PATCH('/administrations/{id}', {
      params: { path: { id: 1 } },
      body: { supportEmail: 'a@b.fr' },
    });
    expect(patch.seen[0]?.headers.get('Content-Type')).toBe('application/merge-patch+json');
    const post = setup(null, json(200, {}));
    await api.main.POST('/token', { body: { email: 'a@b.fr', password: 'x' } });
    expect(post.seen[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('signs out when the main backend rejects the token', async () => {
    const { onUnauthorized } = setup(
      'expired',
      json(401, { 'hydra:description': 'Jeton invalide' }),
    );
    await api.main.GET('/me');
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('does not sign out on a failed sign-in, which carries no token', async () => {
    const { onUnauthorized } = setup(
      null,
      json(401, { 'hydra:description': 'Identifiants invalides.' }),
    );
    const { error } = await api.main.POST('/token', { body: { email: 'a@b.fr', password: 'x' } });
    expect(error).toMatchObject({ 'hydra:description': 'Identifiants invalides.' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not sign out on a 401 from the training backend', async () => {
    const { onUnauthorized } = setup('abc', json(401, {}));
    await api.training.GET('/api/models');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns a request with no answer into a French network error', async () => {
    failingFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const failure = await api.main.GET('/me').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect((failure as NetworkError).message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('leaves a cancelled request as it is', async () => {
    failingFetch(() => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    const failure = await api.main.GET('/me').catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(NetworkError);
    expect((failure as Error).name).toBe('AbortError');
  });
});
