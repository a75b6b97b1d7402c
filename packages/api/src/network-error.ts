import type { Middleware } from 'openapi-fetch';
import { api } from './client';
import { ApiError } from './hydra';

/** French message of a request that got no answer (offline, server down, blocked). */
export const NETWORK_ERROR_MESSAGE =
  'Le serveur ne répond pas. Vérifiez votre connexion à Internet puis réessayez.';

/** A request that got no HTTP answer at all; status 0, so queries retry it. */
export class NetworkError extends ApiError {
  constructor(cause: unknown) {
    super(0, { 'hydra:description': NETWORK_ERROR_MESSAGE });
    this.cause = cause;
  }
}

/** The browser's 'Failed to fetch' becomes a NetworkError; a cancelled request stays one. */
const networkErrorMiddleware: Middleware = {
  onError({ error }) {
    if ((error as { name?: unknown } | null)?.name === 'AbortError') return undefined;
    return new NetworkError(error);
  },
};

const installed = new WeakSet<object>();

/**
 * Gives the configured clients the French network error. Called by the signed-in app's query
 * client, so the sign-in route (which has its own message for this case) does not carry it.
 */
export function reportNetworkErrorsInFrench(): void {
  let clients;
  try {
    clients = [api.main, api.training];
  } catch {
    return; // Not configured (a cache tested alone): no request to report on.
  }
  for (const client of clients) {
    if (installed.has(client)) continue;
    installed.add(client);
    client.use(networkErrorMiddleware);
  }
}
