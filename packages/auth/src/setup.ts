import { configureApi } from '@portal/api/client';
import type { RuntimeConfig } from '@portal/config/runtime';
import type { QueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import type { AppName, PageRoute } from './paths';
import { getToken, useSessionStore } from './store';

export interface AuthSetup {
  app: AppName;
  config: RuntimeConfig;
  /** The app's pages in menu order, for the home path after sign-in. */
  pages: readonly PageRoute[];
}

let current: AuthSetup | null = null;
// The query cache loads with the first signed-in page, so the sign-in route stays light.
let queryClient: QueryClient | null = null;

export function registerQueryClient(client: QueryClient): void {
  queryClient = client;
}

/** Drops every cached query, so one user's data never shows in another's view. */
export function clearQueryCache(): void {
  queryClient?.clear();
}

export function authSetup(): AuthSetup {
  if (!current) throw new Error('setupAuth() must run before rendering.');
  return current;
}

/** Signs the user out locally: the session and every cached query are dropped. */
export function signOut(): void {
  useSessionStore.getState().clearSession();
  clearQueryCache();
}

export function setupAuth(setup: AuthSetup): void {
  current = setup;
  configureApi({
    mainApiUrl: setup.config.mainApiUrl,
    trainingApiUrl: setup.config.trainingApiUrl,
    getToken,
    onUnauthorized: () => {
      signOut();
      navigate('/login', { replace: true });
    },
  });
}

export function siblingAppUrl(): string {
  const { app, config } = authSetup();
  return app === 'agent' ? config.staffAppUrl : config.agentAppUrl;
}
