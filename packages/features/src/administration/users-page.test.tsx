import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { profiles } from './administration.fixtures';
import { UsersPage } from './users-page';

const mandataire = {
  '@id': '/profiles/2',
  '@type': 'Profile',
  id: 2,
  title: 'Mandataire',
  type: 'Mandataire' as 'Mandataire' | 'Hubnup',
  name: 'mandataire',
};
const user = (
  id: number,
  firstName: string,
  roles = ['ROLE_MANDATAIRE'],
  profile = mandataire,
) => ({
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
  profile,
  reminderFrequency: [] as ('DAILY' | 'WEEKLY' | 'MONTHLY')[],
});

const queries: string[] = [];
const switchButtons = () => screen.queryAllByRole('button', { name: /Se connecter en tant que/ });
const grid = () => screen.findByRole('region', { name: 'Utilisateurs' });

const report = (imported: number) => ({
  rows: [
    {
      line: 2,
      email: 'a@exemple.fr',
      lastName: 'A',
      firstName: 'Anne',
      profile: 'Admin',
      cgpId: null,
      errors: [],
    },
    {
      line: 3,
      email: 'b@exemple.fr',
      lastName: 'B',
      firstName: 'Bruno',
      profile: 'Inconnu',
      cgpId: null,
      errors: ["Profil : Le profil « Inconnu » n'existe pas."],
    },
    {
      line: 4,
      email: 'c@exemple.fr',
      lastName: 'C',
      firstName: 'Chloé',
      profile: 'Admin',
      cgpId: null,
      errors: ["Profil : Ce profil donne des droits que vous n'avez pas."],
    },
  ],
  valid: 1,
  invalid: 2,
  imported,
});

describe('UsersPage', () => {
  useMockApi(
    apiHandler('get', '/users', ({ query }) => {
      queries.push(query.toString());
      return hydraCollection(
        [
          user(1, 'Sophie'),
          user(2, 'Claire'),
          user(3, 'Paul', ['ROLE_DISABLED']),
          user(4, 'Alice', ['ROLE_ADMIN'], profiles[0]),
        ],
        4,
      );
    }),
    // The caller is no administrator: he may give the agent profile only.
    apiHandler('get', '/profiles', ({ query }) =>
      query.get('assignable') === 'true'
        ? hydraCollection([profiles[1]], 1)
        : hydraCollection([...profiles], 2),
    ),
    apiHandler('post', '/users/import/preview', () => report(0)),
    apiHandler('post', '/users/import', () => report(1)),
  );

  it('previews an import row by row, then imports the valid rows', async () => {
    renderScreen(<UsersPage />, {
      app: 'staff',
      url: '/administration/users',
      components: ['users_page', 'users_imports'],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Importer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importer des utilisateurs' });
    expect(
      await within(dialog).findByText('Profils que vous pouvez attribuer : Mandataire.'),
    ).toBeInTheDocument();
    const file = new File(['xlsx'], 'import.xlsx');
    await userEvent.upload(within(dialog).getByLabelText('Fichier (xls ou xlsx)'), file);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vérifier le fichier' }));
    expect(await within(dialog).findByText('1 ligne valide, 2 en erreur')).toBeInTheDocument();
    expect(
      within(dialog).getByText("Profil : Le profil « Inconnu » n'existe pas."),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText("Profil : Ce profil donne des droits que vous n'avez pas."),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Importer 1 utilisateur' }));
    expect(await screen.findByText('Les utilisateurs ont été importés.')).toBeInTheDocument();
  });

  it('offers to switch to any other active user within his rights, and filters by name', async () => {
    renderScreen(<UsersPage />, {
      app: 'staff',
      url: '/administration/users',
      components: ['users_page', 'users_switch_user'],
    });
    await waitFor(async () => expect(await grid()).toHaveTextContent('Alice'));
    // Not himself, not a suspended account, not an administrator (rights he lacks).
    await waitFor(() =>
      expect(switchButtons().map((button) => button.textContent)).toEqual([
        'Se connecter en tant que Claire Martin',
      ]),
    );
    expect(queries.at(-1)).toBe('page=1&itemsPerPage=10&order%5Bprofile%5D=asc');
    expect(screen.queryByRole('button', { name: 'Importer' })).toBeNull();

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
