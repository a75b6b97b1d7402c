import type { Session } from '@portal/api/main';
import { beforeEach, describe, expect, it } from 'vitest';
import { refreshSessionAccess } from './session-refresh';
import { useSessionStore } from './store';

const session = {
  id: 1,
  userId: 7,
  fullName: 'Claire Martin',
  email: 'claire.martin@reseau-patrimoine.fr',
  picture: null,
  circularPicture: null,
  roles: ['ROLE_USER'],
  components: ['home_page', 'account_page'],
  profilName: 'Mandataire',
  profileType: 'Mandataire',
  consultantId: null,
  cgpId: 'CGP0001',
  consultantValoricielId: null,
  onLoginAgent: false,
  isImpersonateUser: false,
  adminData: null,
  consultantSharepointLink: null,
  menuLinks: [],
  sessionId: 's1',
  token: 'token',
} as unknown as Session;

describe('refreshSessionAccess', () => {
  beforeEach(() => useSessionStore.getState().setSession(session));

  it('takes the components an administrator changed, and nothing else', () => {
    const { token: _token, ...me } = session;
    const changed = refreshSessionAccess({
      ...me,
      components: ['home_page'],
      onLoginAgent: true,
    });
    expect(changed).toBe(true);
    const next = useSessionStore.getState().session!;
    expect(next.components).toEqual(['home_page']);
    expect(next.onLoginAgent).toBe(false);
    expect(next.token).toBe('token');
  });

  it('leaves the session alone when nothing changed or the answer is about someone else', () => {
    const { token: _token, ...me } = session;
    expect(refreshSessionAccess(me)).toBe(false);
    expect(refreshSessionAccess({ ...me, userId: 8, components: [] })).toBe(false);
    expect(useSessionStore.getState().session!.components).toEqual(['home_page', 'account_page']);
  });
});
