import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { UsersPage } from './users-page';

const user = (id: number, firstName: string, roles = ['ROLE_MANDATAIRE']) => ({
  '@id': `/users/${id}`,
  '@type': 'User',
  id,
  firstName,
  lastName: 'Martin',
  email: `${firstName.toLowerCase()}@exemple.fr`,
  roles,
  cgpId: null,
  picture: null,
  circularPicture: null,
  profile: {
    '@id': '/profiles/2',
    '@type': 'Profile',
    id: 2,
    title: 'Mandataire',
    type: 'Mandataire' as const,
    name: 'mandataire',
  },
  reminderFrequency: [] as ('DAILY' | 'WEEKLY' | 'MONTHLY')[],
});

const queries: string[] = [];
const switchButtons = () => screen.queryAllByRole('button', { name: /Se connecter en tant que/ });
const grid = () => screen.findByRole('region', { name: 'Utilisateurs' });

describe('UsersPage', () => {
  useMockApi(
    apiHandler('get', '/users', ({ query }) => {
      queries.push(query.toString());
      return hydraCollection(
        [user(1, 'Sophie'), user(2, 'Claire'), user(3, 'Paul', ['ROLE_DISABLED'])],
        3,
      );
    }),
  );

  it('offers to switch to any other active user, and filters by name', async () => {
    renderScreen(<UsersPage />, {
      app: 'staff',
      url: '/administration/users',
      components: ['users_page', 'users_switch_user'],
    });
    await waitFor(async () => expect(await grid()).toHaveTextContent('Claire'));
    expect(switchButtons().map((button) => button.textContent)).toEqual([
      'Se connecter en tant que Claire Martin',
    ]);
    expect(queries.at(-1)).toBe('page=1&itemsPerPage=10&order%5Bprofile%5D=asc');

    const filters = screen.getByRole('search', { name: 'Filtres' });
    await userEvent.type(within(filters).getByLabelText('Nom'), 'Mar');
    await userEvent.click(within(filters).getByRole('button', { name: 'Filtrer' }));
    await waitFor(() => expect(window.location.search).toBe('?lastName=Mar'));
    await waitFor(() =>
      expect(queries.at(-1)).toBe('lastName=Mar&page=1&itemsPerPage=10&order%5Bprofile%5D=asc'),
    );
  });

  it('hides switching user while already impersonating', async () => {
    renderScreen(<UsersPage />, {
      app: 'staff',
      url: '/administration/users',
      components: ['users_page', 'users_switch_user'],
      session: { userId: 9, isImpersonateUser: true },
    });
    await waitFor(async () => expect(await grid()).toHaveTextContent('Claire'));
    expect(switchButtons()).toHaveLength(0);
  });

  it('hides it without users_switch_user', async () => {
    renderScreen(<UsersPage />, {
      app: 'staff',
      url: '/administration/users',
      components: ['users_page'],
    });
    await waitFor(async () => expect(await grid()).toHaveTextContent('Claire'));
    expect(switchButtons()).toHaveLength(0);
  });
});
