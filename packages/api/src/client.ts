import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths as MainPaths } from './generated/main';
import type { paths as TrainingPaths } from './generated/training';

export interface ApiOptions {
  mainApiUrl: string;
  trainingApiUrl: string;
  getToken: () => string | null;
  /** Called when the main backend answers 401 to an authenticated request. */
  onUnauthorized: () => void;
}

export type MainClient = Client<MainPaths>;
export type TrainingClient = Client<TrainingPaths>;

let clients: { main: MainClient; training: TrainingClient } | null = null;

function authMiddleware(options: ApiOptions, signOutOn401: boolean): Middleware {
  return {
    onRequest({ request }) {
      const token = options.getToken();
      if (token && !request.headers.has('Authorization')) {
        request.headers.set('Authorization', `Bearer ${token}`);
      }
      if (request.method === 'PATCH') {
        request.headers.set('Content-Type', 'application/merge-patch+json');
      }
      return request;
    },
    onResponse({ request, response }) {
      // A failed sign-in is also a 401; only a rejected token ends the session.
      if (signOutOn401 && response.status === 401 && request.headers.has('Authorization')) {
        options.onUnauthorized();
      }
      return response;
    },
  };
}

export function configureApi(options: ApiOptions): void {
  const main = createClient<MainPaths>({ baseUrl: options.mainApiUrl });
  main.use(authMiddleware(options, true));
  const training = createClient<TrainingPaths>({ baseUrl: options.trainingApiUrl });
  training.use(authMiddleware(options, false));
  clients = { main, training };
}

function configured() {
  if (!clients) throw new Error('configureApi() must run before the first request.');
  return clients;
}

/** The typed clients; configured once at start-up from the runtime configuration. */
export const api = {
  get main(): MainClient {
    return configured().main;
  },
  get training(): TrainingClient {
    return configured().training;
  },
};
