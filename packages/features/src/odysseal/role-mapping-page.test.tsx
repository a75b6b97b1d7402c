import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, server, useMockApi } from '../testing';
import { RoleMappingPage } from './role-mapping-page';

const mappings = {
  '@type': 'hydra:Collection',
  'hydra:member': [
    { name: 'ROLE_ADMIN', title: 'Administrateur', mappedRole: 'ROLE_ADMIN' as const },
    { name: 'ROLE_MANDATAIRE', title: 'Mandataire', mappedRole: null },
  ],
  'hydra:totalItems': 2,
};

const profile = (id: number, name: string, title: string) => ({
  '@id': `/profiles/${id}`,
  '@type': 'Profile',
  id,
  name,
  title,
  type: 'Hubnup' as const,
});
const PROFILES = [
  profile(1, 'ROLE_ADMIN', 'Administrateur'),
  profile(2, 'ROLE_MANDATAIRE', 'Mandataire'),
  profile(3, 'ROLE_FORMATION', 'Formation'),
];
let assignable = PROFILES;

describe('RoleMappingPage', () => {
  let sent: unknown;
  useMockApi(
    apiHandler('get', '/odysseal/roles', () => mappings),
    apiHandler('get', '/profiles', () => hydraCollection(assignable, assignable.length)),
    apiHandler('patch', '/odysseal/roles', async ({ request }) => {
      sent = await request.json();
      return mappings;
    }),
  );

  it('shows each profile with its role and saves the roles chosen', async () => {
    renderScreen(<RoleMappingPage />, { app: 'staff', url: '/odysseal/roles' });
    const grid = await screen.findByRole('region', { name: 'Rôles Odysseal' });
    // Read-only until the profiles he may give are known (the row is drawn again then).
    const mandataireField = () =>
      within(grid).getByRole('combobox', { name: 'Rôle du profil Mandataire' });
    await waitFor(() => expect(mandataireField()).toBeEnabled(), { timeout: 5000 });
    const mandataire = mandataireField();
    expect(
      within(grid).getByRole('combobox', { name: 'Rôle du profil Administrateur' }),
    ).toHaveValue('ROLE_ADMIN');
    await userEvent.selectOptions(mandataire, 'ROLE_TRAINED');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(
      () =>
        expect(sent).toEqual([
          { name: 'ROLE_ADMIN', mappedRole: 'ROLE_ADMIN' },
          { name: 'ROLE_MANDATAIRE', mappedRole: 'ROLE_TRAINED' },
        ]),
      { timeout: 5000 },
    );
    expect(await screen.findByText('Modification réussie.')).toBeInTheDocument();
  });

  it('offers only the roles the caller holds, on the profiles he may give', async () => {
    // A trainer on the platform, whose profile may not give the administrators'.
    assignable = [PROFILES[1]!, PROFILES[2]!];
    const roles = {
      ...mappings,
      'hydra:member': [
        ...mappings['hydra:member'],
        { name: 'ROLE_FORMATION', title: 'Formation', mappedRole: 'ROLE_TRAINER' as const },
      ],
    };
    server.use(apiHandler('get', '/odysseal/roles', () => roles));
    renderScreen(<RoleMappingPage />, {
      app: 'staff',
      url: '/odysseal/roles',
      session: { roles: ['ROLE_FORMATION'], profilName: 'Formation' },
    });
    const grid = await screen.findByRole('region', { name: 'Rôles Odysseal' });
    // Read-only until the profiles he may give are known (the row is drawn again then).
    const mandataireField = () =>
      within(grid).getByRole('combobox', { name: 'Rôle du profil Mandataire' });
    await waitFor(() => expect(mandataireField()).toBeEnabled(), { timeout: 5000 });
    const mandataire = mandataireField();
    expect(
      within(mandataire)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Aucun', 'Formateur']);
    // The administrators' profile is above him: shown, not offered.
    const admin = within(grid).getByRole('combobox', { name: 'Rôle du profil Administrateur' });
    expect(admin).toBeDisabled();
    expect(admin).toHaveValue('ROLE_ADMIN');
    await userEvent.selectOptions(mandataire, 'ROLE_TRAINER');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { name: 'ROLE_ADMIN', mappedRole: 'ROLE_ADMIN' },
        { name: 'ROLE_MANDATAIRE', mappedRole: 'ROLE_TRAINER' },
        { name: 'ROLE_FORMATION', mappedRole: 'ROLE_TRAINER' },
      ]),
    );
  });
});
