import type { components, Session } from '@portal/api/main';
import { useSessionStore } from '@portal/auth';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { UsersTable } from './users-table';

type User = components['schemas']['User'];

const user = (id: number, firstName: string, roles = ['ROLE_MANDATAIRE']) =>
  ({
    id,
    firstName,
    lastName: 'Martin',
    email: `${firstName.toLowerCase()}@exemple.fr`,
    roles,
    profile: { title: 'Mandataire' },
  }) as User;

const admin = (overrides: Partial<Session> = {}) =>
  ({
    userId: 1,
    components: ['users_page', 'users_switch_user'],
    isImpersonateUser: false,
    ...overrides,
  }) as Session;

const switchButtons = () => screen.queryAllByRole('button', { name: /Se connecter en tant que/ });

describe('UsersTable', () => {
  beforeEach(() => useSessionStore.getState().clearSession());

  it('offers to switch to any other active user', () => {
    useSessionStore.getState().setSession(admin());
    render(
      <UsersTable
        users={[user(1, 'Sophie'), user(2, 'Claire'), user(3, 'Paul', ['ROLE_DISABLED'])]}
      />,
    );
    expect(switchButtons().map((button) => button.textContent)).toEqual([
      'Se connecter en tant que Claire Martin',
    ]);
  });

  it('hides switching user while already impersonating', () => {
    useSessionStore.getState().setSession(admin({ userId: 9, isImpersonateUser: true }));
    render(<UsersTable users={[user(2, 'Claire')]} />);
    expect(switchButtons()).toHaveLength(0);
  });

  it('hides it without users_switch_user', () => {
    useSessionStore.getState().setSession(admin({ components: ['users_page'] }));
    render(<UsersTable users={[user(2, 'Claire')]} />);
    expect(switchButtons()).toHaveLength(0);
  });
});
