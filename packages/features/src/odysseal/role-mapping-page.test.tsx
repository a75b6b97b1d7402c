import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiHandler, renderScreen, useMockApi } from '../testing';
import { RoleMappingPage } from './role-mapping-page';

const mappings = {
  '@type': 'hydra:Collection',
  'hydra:member': [
    { name: 'ROLE_ADMIN', title: 'Administrateur', mappedRole: 'ROLE_ADMIN' as const },
    { name: 'ROLE_MANDATAIRE', title: 'Mandataire', mappedRole: null },
  ],
  'hydra:totalItems': 2,
};

describe('RoleMappingPage', () => {
  let sent: unknown;
  useMockApi(
    apiHandler('get', '/odysseal/roles', () => mappings),
    apiHandler('patch', '/odysseal/roles', async ({ request }) => {
      sent = await request.json();
      return mappings;
    }),
  );

  it('shows each profile with its role and saves the roles chosen', async () => {
    renderScreen(<RoleMappingPage />, { app: 'staff', url: '/odysseal/roles' });
    const grid = await screen.findByRole('region', { name: 'Rôles Odysseal' });
    const mandataire = await within(grid).findByRole('combobox', {
      name: 'Rôle du profil Mandataire',
    });
    expect(
      within(grid).getByRole('combobox', { name: 'Rôle du profil Administrateur' }),
    ).toHaveValue('ROLE_ADMIN');
    await userEvent.selectOptions(mandataire, 'ROLE_TRAINED');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { name: 'ROLE_ADMIN', mappedRole: 'ROLE_ADMIN' },
        { name: 'ROLE_MANDATAIRE', mappedRole: 'ROLE_TRAINED' },
      ]),
    );
    expect(await screen.findByText('Modification réussie.')).toBeInTheDocument();
  });
});
