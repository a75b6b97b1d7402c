import type { Session } from '@portal/api/main';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

const { POST } = vi.hoisted(() => ({ POST: vi.fn() }));
vi.mock('@portal/api/client', () => ({ api: { main: { POST } }, configureApi: vi.fn() }));

const { RequireAuth } = await import('./guard');
const { setupAuth } = await import('./setup');
const { useSessionStore } = await import('./store');

const config = {
  mainApiUrl: 'http://api.test',
  trainingApiUrl: 'http://training.test',
  agentAppUrl: 'http://agent.test',
  staffAppUrl: 'http://staff.test',
  supportEmail: 'support@exemple.fr',
};
const agent = (roles: string[]) =>
  ({
    fullName: 'Paul Durand',
    token: 'jwt',
    roles,
    profileType: 'Mandataire',
    isImpersonateUser: false,
    components: [],
  }) as unknown as Session;

function renderGuarded() {
  const location = memoryLocation({ path: '/accueil', record: true });
  render(
    <Router hook={location.hook}>
      <RequireAuth component="staff_home_page">
        <p>Accueil</p>
      </RequireAuth>
    </Router>,
  );
  return location;
}

describe('RequireAuth', () => {
  beforeEach(() => setupAuth({ app: 'staff', config, pages: [] }));
  afterEach(() => {
    cleanup();
    useSessionStore.getState().clearSession();
    POST.mockReset();
  });

  it('shows a suspended account the forbidden page here, asking no hand-off', () => {
    useSessionStore.getState().setSession(agent(['ROLE_DISABLED']));
    const location = renderGuarded();
    expect(location.history.at(-1)).toBe('/forbidden');
    expect(POST).not.toHaveBeenCalled();
  });

  it('hands an active session of the other audience over to its app', async () => {
    POST.mockReturnValue(new Promise(() => {}));
    useSessionStore.getState().setSession(agent(['ROLE_MANDATAIRE']));
    const location = renderGuarded();
    expect(location.history.at(-1)).toBe('/accueil');
    await vi.waitFor(() => expect(POST.mock.calls[0]?.[0]).toBe('/auth/handoff'));
  });
});
