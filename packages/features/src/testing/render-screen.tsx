import type { Session } from '@portal/api/main';
import { createQueryClient } from '@portal/api/query-client';
import { setupAuth, useSessionStore } from '@portal/auth';
import { SnackbarHost } from '@portal/ui/snackbar';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { API_URL, server } from './api-mocks';

/**
 * Starts the mock API for a test file: every request without a handler fails the test;
 * handlers added with `server.use()` in a test are dropped after it.
 */
export function useMockApi(...handlers: Parameters<typeof server.use>) {
  beforeAll(() => {
    server.resetHandlers(...handlers);
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    server.resetHandlers();
    useSessionStore.getState().clearSession();
  });
  afterAll(() => server.close());
}

/** A signed-in agent: user 1 (`components` and `session` override it). */
const testSession: Session = {
  id: 1,
  userId: 1,
  fullName: 'Claire Martin',
  email: 'claire.martin@exemple.fr',
  picture: null,
  circularPicture: null,
  roles: ['ROLE_MANDATAIRE'],
  components: [],
  profilName: 'mandataire',
  profileType: 'Mandataire',
  consultantId: null,
  cgpId: null,
  consultantValoricielId: null,
  onLoginAgent: false,
  isImpersonateUser: false,
  adminData: null,
  consultantSharepointLink: null,
  menuLinks: [],
  sessionId: 'test-session',
  token: 'test-jwt',
};

export type RenderScreenOptions = {
  app?: 'agent' | 'staff';
  /** The page's URL (path and query string). */
  url?: string;
  /** The signed-in user's components (permissions). */
  components?: string[];
  /** More session fields (an agent's `consultantId`…). */
  session?: Partial<Session>;
};

/**
 * Renders a screen as the app would: API client pointing at the mock API, a signed-in
 * session, a fresh query cache, the snackbar host, and the given URL.
 */
export function renderScreen(
  screen: ReactNode,
  { app = 'agent', url = '/', components = [], session = {} }: RenderScreenOptions = {},
) {
  setupAuth({
    app,
    pages: [],
    config: {
      mainApiUrl: API_URL,
      trainingApiUrl: 'http://training.test',
      agentAppUrl: 'http://agent.test',
      staffAppUrl: 'http://staff.test',
      supportEmail: 'support@exemple.fr',
    },
  });
  useSessionStore.getState().setSession({
    ...testSession,
    ...(app === 'staff'
      ? { roles: ['ROLE_ADMIN'], profilName: 'admin', profileType: 'Hubnup' }
      : {}),
    components,
    ...session,
  });
  history.replaceState(null, '', url);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      {screen}
      <SnackbarHost />
    </QueryClientProvider>,
  );
}
