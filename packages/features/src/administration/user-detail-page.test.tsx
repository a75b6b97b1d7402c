import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listUsersQuery } from '@portal/api/administration';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { apiError, apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { adminProfile, agentProfile } from './administration.fixtures';
import { UserDetailPage } from './user-detail-page';

const admin = adminProfile;
const agent = agentProfile;
const user = (id: number, profile: typeof admin | typeof agent) => ({
  '@id': `/users/${id}`,
  '@type': 'User',
  id,
  email: `compte${id}@exemple.fr`,
  firstName: 'Camille',
  lastName: 'Durand',
  roles: [profile.name],
  cgpId: null,
  picture: null,
  circularPicture: null,
  profile,
  reminderFrequency: [],
});

const patches: unknown[] = [];
const deleted = new Set<number>();
const strayGets: number[] = [];
let listGets = 0;

/** A users list on screen too: its refetch after the delete comes after any of the record's. */
function UsersList() {
  useQuery(listUsersQuery({}));
  return null;
}
const ABOVE =
  "Cet utilisateur dispose de droits que vous n'avez pas : vous ne pouvez pas modifier son compte.";
const render = (id: number) =>
  renderScreen(<UserDetailPage id={String(id)} />, {
    app: 'staff',
    url: `/administration/users/${id}`,
    components: ['users_details_page', 'users_edit_page', 'users_switch_user'],
  });

describe('UserDetailPage', () => {
  useMockApi(
    apiHandler('get', '/users/{id}', ({ params }) => {
      if (deleted.has(Number(params.id))) {
        strayGets.push(Number(params.id));
        return apiError(404, 'Not Found');
      }
      return user(Number(params.id), params.id === '5' ? admin : agent);
    }),
    apiHandler('delete', '/users/{id}', ({ params }) => {
      deleted.add(Number(params.id));
      return new Response(null, { status: 204 });
    }),
    apiHandler('get', '/users', () => {
      listGets += 1;
      return hydraCollection([], 0);
    }),
    // The caller is no administrator: he may give the agent profile only.
    apiHandler('get', '/profiles', () => hydraCollection([agent], 1)),
    apiHandler('patch', '/users/{id}', async ({ request, params }) => {
      const body = (await request.json()) as { roles: string[] };
      patches.push({ contentType: request.headers.get('content-type'), body });
      return { ...user(Number(params.id), agent), roles: body.roles };
    }),
  );

  it('deactivates as the spec does: the roles become ROLE_DISABLED by merge-patch', async () => {
    render(6);
    await userEvent.click(await screen.findByRole('button', { name: 'Désactiver' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText("L'utilisateur a bien été désactivé.")).toBeInTheDocument();
    expect(patches).toEqual([
      { contentType: 'application/merge-patch+json', body: { roles: ['ROLE_DISABLED'] } },
    ]);
  });

  it('does not fetch the deleted user again after the delete', async () => {
    renderScreen(
      <>
        <UserDetailPage id="7" />
        <UsersList />
      </>,
      { app: 'staff', url: '/administration/users/7', components: ['users_edit_page'] },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog');
    const before = listGets;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText("L'utilisateur a bien été supprimé.")).toBeInTheDocument();
    await waitFor(() => expect(listGets).toBeGreaterThan(before));
    expect(strayGets).toEqual([]);
  });

  it('offers every action on an account within the caller’s rights', async () => {
    render(6);
    expect(await screen.findByRole('link', { name: 'Modifier' })).toBeInTheDocument();
    for (const name of ['Envoyer un mail de réinitialisation', 'Désactiver', 'Supprimer'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se connecter en tant que' })).toBeInTheDocument();
    expect(screen.queryByText(ABOVE)).toBeNull();
  });

  it('offers none on an account holding rights the caller lacks, and says why', async () => {
    render(5);
    expect(await screen.findByText(ABOVE)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Admin')).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Modifier' })).toBeNull();
    for (const name of [
      'Envoyer un mail de réinitialisation',
      'Désactiver',
      'Supprimer',
      'Se connecter en tant que',
    ])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });
});
