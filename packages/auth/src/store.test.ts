import type { Session } from '@portal/api/main';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from './store';

const session = (fullName: string, isImpersonateUser = false) =>
  ({ fullName, token: `${fullName}-token`, isImpersonateUser }) as Session;

describe('session store', () => {
  beforeEach(() => useSessionStore.getState().clearSession());

  it('keeps the administrator session aside while impersonating and resumes it', () => {
    const store = useSessionStore.getState();
    store.setSession(session('Sophie'));
    store.enterImpersonation(session('Sophie'), session('Camille', true));
    expect(useSessionStore.getState().session?.fullName).toBe('Camille');
    expect(useSessionStore.getState().adminSession?.fullName).toBe('Sophie');

    expect(useSessionStore.getState().resumeAdminSession()).toBe(true);
    expect(useSessionStore.getState().session?.fullName).toBe('Sophie');
    expect(useSessionStore.getState().adminSession).toBeNull();
    expect(useSessionStore.getState().resumeAdminSession()).toBe(false);
  });

  it('persists both slots, so the other app can send the administrator back', () => {
    useSessionStore.getState().enterImpersonation(session('Sophie'), null);
    const stored = JSON.parse(localStorage.getItem('portal.session') ?? '{}');
    expect(stored.state.adminSession.fullName).toBe('Sophie');
    expect(stored.state.session).toBeNull();
  });

  it('signing out forgets both slots', () => {
    useSessionStore.getState().enterImpersonation(session('Sophie'), session('Claire', true));
    useSessionStore.getState().clearSession();
    expect(useSessionStore.getState()).toMatchObject({ session: null, adminSession: null });
  });
});
