import type { Session } from '@portal/api/main';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { GET, POST, navigate } = vi.hoisted(() => ({
  GET: vi.fn(),
  POST: vi.fn(),
  navigate: vi.fn(),
}));
vi.mock('@portal/api/client', () => ({ api: { main: { GET, POST } }, configureApi: vi.fn() }));
vi.mock('wouter/use-browser-location', () => ({ navigate }));

const { returnToMySession, startImpersonation } = await import('./impersonation');
const { setupAuth } = await import('./setup');
const { useSessionStore } = await import('./store');

const config = {
  mainApiUrl: 'http://api.test',
  trainingApiUrl: 'http://training.test',
  agentAppUrl: 'http://agent.test',
  staffAppUrl: 'http://staff.test',
  supportEmail: 'support@exemple.fr',
};
const pages = [
  { path: '/accueil', component: 'staff_home_page' },
  { path: '/', component: 'home_page' },
];
const ok = (data: unknown, status = 200) => ({ data, response: new Response(null, { status }) });
const admin = { fullName: 'Sophie', token: 'admin-jwt', isImpersonateUser: false } as Session;
const target = (profileType: 'Mandataire' | 'Hubnup') =>
  ({
    fullName: 'Cible',
    token: 'imp-jwt',
    profileType,
    isImpersonateUser: true,
    components: ['home_page', 'staff_home_page'],
  }) as Session;

describe('impersonation', () => {
  const assign = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('location', { ...window.location, assign });
    useSessionStore.getState().clearSession();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('opens a staff target in the staff console and keeps the admin session', async () => {
    setupAuth({ app: 'staff', config, pages });
    useSessionStore.getState().setSession(admin);
    GET.mockResolvedValueOnce(ok(target('Hubnup')));
    await startImpersonation(7);
    expect(GET).toHaveBeenCalledWith('/administration/impersonate-user/{id}', {
      params: { path: { id: 7 } },
    });
    expect(useSessionStore.getState()).toMatchObject({
      session: { token: 'imp-jwt' },
      adminSession: { token: 'admin-jwt' },
    });
    expect(navigate).toHaveBeenCalledWith('/accueil', { replace: true });

    POST.mockResolvedValueOnce(ok(undefined, 204));
    await returnToMySession();
    expect(POST).toHaveBeenCalledWith('/administration/impersonate-user/exit', {
      headers: { Authorization: 'Bearer imp-jwt' },
    });
    expect(useSessionStore.getState()).toMatchObject({
      session: { token: 'admin-jwt' },
      adminSession: null,
    });
    expect(navigate).toHaveBeenLastCalledWith('/administration/users', { replace: true });
  });

  it('hands an agent target to the agent portal with a code made from the impersonated token', async () => {
    setupAuth({ app: 'staff', config, pages });
    useSessionStore.getState().setSession(admin);
    GET.mockResolvedValueOnce(ok(target('Mandataire')));
    POST.mockResolvedValueOnce(ok({ code: 'c0de', expiresAt: '' }));
    await startImpersonation(3);
    expect(POST).toHaveBeenCalledWith('/auth/handoff', {
      headers: { Authorization: 'Bearer imp-jwt' },
    });
    expect(assign).toHaveBeenCalledWith('http://agent.test/auth/handoff#code=c0de');
    // The staff console keeps only the administrator's session, which it resumes on return.
    expect(useSessionStore.getState()).toMatchObject({
      session: null,
      adminSession: { token: 'admin-jwt' },
    });
    setupAuth({ app: 'staff', config, pages });
    expect(useSessionStore.getState().session?.token).toBe('admin-jwt');
  });

  it('from the agent portal, the way back ends the impersonation and opens the staff users page', async () => {
    setupAuth({ app: 'agent', config, pages });
    useSessionStore.getState().setSession(target('Mandataire'));
    POST.mockResolvedValueOnce(ok(undefined, 204));
    await returnToMySession();
    expect(POST).toHaveBeenCalledWith('/administration/impersonate-user/exit', {
      headers: { Authorization: 'Bearer imp-jwt' },
    });
    expect(useSessionStore.getState().session).toBeNull();
    expect(assign).toHaveBeenCalledWith('http://staff.test/administration/users');
  });
});
