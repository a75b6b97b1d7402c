import { configureApi } from '@portal/api/client';
import type { RuntimeConfig } from '@portal/config/runtime';
import type { QueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { type AppName, type PageRoute, rememberWantedPath } from './paths';
import { getToken, useSessionStore } from './store';

export interface AuthSetup {
  app: AppName;
  config: RuntimeConfig;
  /** The app's pages in menu order, for the home path after sign-in. */
  pages: readonly PageRoute[];
  /** The product's name ('Espace mandataire', 'Console du réseau') beside the network's. */
  title?: string;
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

/** Signs the user out locally: the session, a kept administrator session and every cached query are dropped. */
export function signOut(): void {
  useSessionStore.getState().clearSession();
  clearQueryCache();
}

/** Where the administrator comes back to after viewing the portal as someone else. */
export const USERS_ADMIN_PATH = '/administration/users';

function onUnauthorized(): void {
  const { session, resumeAdminSession } = useSessionStore.getState();
  // Signed out already (by himself, or by an earlier 401 of the same moment): nothing to add.
  if (!session) return;
  // An impersonated token that expires sends the administrator back to his own session.
  if (session.isImpersonateUser && resumeAdminSession()) {
    clearQueryCache();
    navigate(USERS_ADMIN_PATH, { replace: true });
    return;
  }
  // Ended elsewhere (a password change, 'end all others', an expiry): the sign-in page says
  // so (`SESSION_ENDED`, in the history entry, not the address) and leads back here.
  rememberWantedPath(location.pathname + location.search);
  signOut();
  navigate('/login', { replace: true, state: SESSION_ENDED });
}

/** History state of the sign-in page opened because the server ended the session. */
export const SESSION_ENDED = 'ended';

export function setupAuth(setup: AuthSetup): void {
  current = setup;
  configureApi({
    mainApiUrl: setup.config.mainApiUrl,
    trainingApiUrl: setup.config.trainingApiUrl,
    getToken,
    onUnauthorized,
  });
  // Back from viewing the agent portal as an agent: the staff console kept no session of
  // the agent's, only the administrator's, which opens again.
  const { session, resumeAdminSession } = useSessionStore.getState();
  if (!session) resumeAdminSession();
}

export function siblingAppUrl(): string {
  const { app, config } = authSetup();
  return app === 'agent' ? config.staffAppUrl : config.agentAppUrl;
}
