import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { profiles } from './administration.fixtures';
import { UserFormPage } from './user-form-page';

const lookups: string[] = [];
const bodies: unknown[] = [];
const patches: unknown[] = [];
/** A suspended agent, within the caller's rights. */
const suspended = {
  '@id': '/users/7',
  '@type': 'User',
  id: 7,
  email: 'anne.roux@exemple.fr',
  firstName: 'Anne',
  lastName: 'Roux',
  roles: ['ROLE_DISABLED'],
  cgpId: 'CGP0042',
  picture: null,
  circularPicture: null,
  profile: profiles[1],
  reminderFrequency: [],
};

describe('UserFormPage', () => {
  useMockApi(
    // The caller is no administrator: he may give the agent profile only.
    apiHandler('get', '/profiles', ({ query }) =>
      query.get('assignable') === 'true'
        ? hydraCollection([profiles[1]], 1)
        : hydraCollection([...profiles], 2),
    ),
    apiHandler('patch', '/users/{id}', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push({ contentType: request.headers.get('content-type'), body });
      return { ...suspended, ...body, roles: body.roles as string[] };
    }),
    apiHandler('get', '/users/{id}', ({ params }) =>
      params.id === '7'
        ? suspended
        : {
            '@id': `/users/${params.id}`,
            '@type': 'User',
            id: Number(params.id),
            email: 'sophie@exemple.fr',
            firstName: 'Sophie',
            lastName: 'Admin',
            roles: ['ROLE_ADMIN'],
            cgpId: null,
            picture: null,
            circularPicture: null,
            profile: profiles[0],
            reminderFrequency: [],
          },
    ),
    apiHandler('get', '/consultants', ({ query }) => {
      lookups.push(query.toString());
      return query.get('email') === 'anne.roux@exemple.fr'
        ? hydraCollection(
            [
              {
                '@id': '/consultants/7',
                '@type': 'Consultant',
                id: 7,
                idCgp: 'CGP0042',
                fullName: 'Anne Roux',
                valoricielId: null,
              },
            ],
            1,
          )
        : hydraCollection([], 0);
    }),
    apiHandler('post', '/users', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (body.email === 'deja.pris@exemple.fr')
        return apiError(422, 'email: Cette adresse est déjà utilisée.', [
          { propertyPath: 'email', message: 'Cette adresse est déjà utilisée.' },
        ]);
      return {
        '@id': '/users/30',
        '@type': 'User',
        id: 30,
        email: String(body.email),
        firstName: String(body.firstName),
        lastName: String(body.lastName),
        roles: ['ROLE_MANDATAIRE'],
        cgpId: 'CGP0042',
        picture: null,
        circularPicture: null,
        profile: profiles[1],
        reminderFrequency: [],
      };
    }),
  );

  it('checks the fields, fills the CGP id by lookup and creates the user', async () => {
    renderScreen(<UserFormPage />, {
      app: 'staff',
      url: '/administration/users/create',
      components: ['users_edit_page'],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(screen.getAllByText('Ce champ est obligatoire.')).toHaveLength(4);

    await userEvent.type(screen.getByLabelText(/Adresse e-mail/), 'personne@exemple.fr');
    await userEvent.type(screen.getByLabelText(/^Nom/), 'Roux');
    await userEvent.type(screen.getByLabelText(/^Prénom/), 'Anne');
    await userEvent.selectOptions(screen.getByLabelText(/^Profil/), '/profiles/2');
    await userEvent.click(screen.getByRole('button', { name: 'Rechercher ID CGP' }));
    expect(await screen.findByText("L'utilisateur n'a pas été trouvé.")).toBeInTheDocument();
    expect(lookups.at(-1)).toContain('status=actif');

    await userEvent.clear(screen.getByLabelText(/Adresse e-mail/));
    await userEvent.type(screen.getByLabelText(/Adresse e-mail/), 'anne.roux@exemple.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Rechercher ID CGP' }));
    await waitFor(() => expect(screen.getByLabelText(/^ID CGP/)).toHaveValue('CGP0042'));

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("L'utilisateur a bien été créé.")).toBeInTheDocument();
    // The spec's call: the profile as the first role.
    expect(bodies.at(-1)).toEqual({
      email: 'anne.roux@exemple.fr',
      lastName: 'Roux',
      firstName: 'Anne',
      roles: ['ROLE_MANDATAIRE'],
      cgpId: 'CGP0042',
    });
  });

  it('saves an edit as the spec’s merge-patch on the @id, which reactivates a suspended agent', async () => {
    renderScreen(<UserFormPage id="7" />, {
      app: 'staff',
      url: '/administration/users/7/edit',
      components: ['users_edit_page'],
    });
    const lastName = await screen.findByLabelText(/^Nom/);
    // The test DOM does not show the select's initial value (a real browser does: e2e).
    await userEvent.selectOptions(screen.getByLabelText(/^Profil/), '/profiles/2');
    await userEvent.clear(lastName);
    await userEvent.type(lastName, 'Roux-Martin');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("L'utilisateur a bien été modifié.")).toBeInTheDocument();
    expect(patches.at(-1)).toEqual({
      contentType: 'application/merge-patch+json',
      body: {
        email: 'anne.roux@exemple.fr',
        lastName: 'Roux-Martin',
        firstName: 'Anne',
        roles: ['ROLE_MANDATAIRE'],
        cgpId: 'CGP0042',
      },
    });
  });

  it('offers only the profiles the caller may give', async () => {
    renderScreen(<UserFormPage />, {
      app: 'staff',
      url: '/administration/users/create',
      components: ['users_edit_page'],
    });
    const select = await screen.findByLabelText(/^Profil/);
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Choisir un profil', 'Mandataire']);
  });

  it('does not offer to edit an account holding rights the caller lacks', async () => {
    renderScreen(<UserFormPage id="5" />, {
      app: 'staff',
      url: '/administration/users/5/edit',
      components: ['users_edit_page'],
    });
    expect(
      await screen.findByText(
        "Cet utilisateur dispose de droits que vous n'avez pas : vous ne pouvez pas modifier son compte.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });

  it("requires the CGP id of an agent, and keeps what was typed next to the server's message", async () => {
    renderScreen(<UserFormPage />, {
      app: 'staff',
      url: '/administration/users/create',
      components: ['users_edit_page'],
    });
    await userEvent.type(await screen.findByLabelText(/Adresse e-mail/), 'deja.pris@exemple.fr');
    await userEvent.type(screen.getByLabelText(/^Nom/), 'Roux');
    await userEvent.type(screen.getByLabelText(/^Prénom/), 'Anne');
    await userEvent.selectOptions(screen.getByLabelText(/^Profil/), '/profiles/2');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByLabelText(/^ID CGP/)).toHaveAccessibleDescription(
      expect.stringContaining('Ce champ est obligatoire.'),
    );
    await userEvent.type(screen.getByLabelText(/^ID CGP/), 'CGP0099');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Adresse e-mail/)).toHaveAccessibleDescription(
        'Cette adresse est déjà utilisée.',
      ),
    );
    expect(screen.getByLabelText(/Adresse e-mail/)).toHaveValue('deja.pris@exemple.fr');
    expect(screen.getByLabelText(/^Nom/)).toHaveValue('Roux');
    expect(screen.getByLabelText(/^ID CGP/)).toHaveValue('CGP0099');
  });
});
