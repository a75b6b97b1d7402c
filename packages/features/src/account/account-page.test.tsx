import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiHandler, renderScreen, useMockApi } from '../testing';
import { AccountEditPage } from './account-edit-page';
import { AccountPage, daysUntil } from './account-page';

const account = (oriasEnd: string) => ({
  '@id': '/account',
  '@type': 'Account' as const,
  id: 7,
  firstName: 'Claire',
  lastName: 'Martin',
  email: 'claire.martin@reseau-patrimoine.fr',
  picture: null,
  circularPicture: null,
  profilName: 'Mandataire',
  reminderFrequency: [],
  agent: {
    cgpId: 'CGP0001',
    company: 'Martin Patrimoine',
    birthday: '1980-04-02',
    registerDate: '2015-09-01',
    phoneNumber: '0612345678',
    postalAddress: '12 rue de la République',
    postalCode: '69002',
    postalCity: 'Lyon',
    siret: '12345678900012',
    vatIdNumber: 'FR12345678901',
    ibanLast4: '0189',
    microEnterprise: false,
    qualification: 'Conseiller confirmé',
    level: 2,
    habilitationIobsp: true,
    habilitationIas: false,
    habilitationCif: true,
    oriasNumber: '12345678',
    oriasEndOfValidity: oriasEnd,
  },
});

let current = account(dayjs().add(20, 'day').format('YYYY-MM-DD'));
const patches: unknown[] = [];

describe('account pages', () => {
  useMockApi(
    apiHandler('get', '/account', () => current),
    apiHandler('get', '/users/{id}/sessions', () => ({
      'hydra:member': [],
      'hydra:totalItems': 0,
    })),
    http.patch('*/users/change_email/:id', async ({ request, params }) => {
      patches.push({ id: params.id, body: await request.json() });
      return HttpResponse.json(
        {
          '@type': 'ConstraintViolationList',
          violations: [
            { propertyPath: 'currentPassword', message: 'Le mot de passe actuel est incorrect.' },
          ],
        },
        { status: 422 },
      );
    }),
  );

  it('counts whole days to the ORIAS end', () => {
    expect(daysUntil('2026-03-10', dayjs('2026-03-01T18:00'))).toBe(9);
    expect(daysUntil('2026-02-27', dayjs('2026-03-01'))).toBe(-2);
    expect(daysUntil(null)).toBeNull();
  });

  it('shows the account with the IBAN masked, the level, read-only habilitations and the ORIAS warning', async () => {
    renderScreen(<AccountPage editPath="/my/account/edit" />, {
      url: '/my/account',
      components: ['account_page', 'account_modifications_page'],
    });
    const company = await screen.findByRole('region', { name: 'Société et coordonnées bancaires' });
    expect(company).toHaveTextContent('•••• •••• •••• •••• •••• 0189');
    expect(
      within(company).getByText(/seuls les 4 derniers caractères sont affichés : 0189/),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Niveau 2 sur 3' })).toBeInTheDocument();
    const cif = screen.getByRole('checkbox', { name: 'CIF' });
    expect(cif).toBeChecked();
    expect(cif).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'IAS' })).not.toBeChecked();
    expect(screen.getByText(/expire dans 20 jours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Modifier mon compte' })).toHaveAttribute(
      'href',
      '/my/account/edit',
    );
  });

  it('warns of nothing far from the end, and of expiry once past', async () => {
    current = account(dayjs().add(200, 'day').format('YYYY-MM-DD'));
    const { unmount } = renderScreen(<AccountPage />, { url: '/my/account', components: [] });
    await screen.findByRole('region', { name: 'Qualification et habilitations' });
    expect(screen.queryByText(/ORIAS (expire|a expiré)/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Modifier mon compte' })).toBeNull();
    unmount();
    current = account(dayjs().subtract(3, 'day').format('YYYY-MM-DD'));
    renderScreen(<AccountPage />, { url: '/my/account', components: [] });
    expect(await screen.findByText(/a expiré/)).toBeInTheDocument();
  });

  it('checks the e-mail pair in the browser and puts the server message next to its field', async () => {
    const user = userEvent.setup();
    renderScreen(<AccountEditPage accountPath="/my/account" />, {
      url: '/my/account/edit',
      components: ['account_modifications_page'],
    });
    const card = await screen.findByRole('region', { name: "Changer d'adresse e-mail" });
    await user.type(within(card).getByLabelText('Nouvelle adresse e-mail'), 'claire@exemple.fr');
    await user.type(
      within(card).getByLabelText("Confirmation de l'adresse e-mail"),
      'claire@exemple.com',
    );
    await user.type(within(card).getByLabelText('Mot de passe actuel'), 'Secret2026!');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(card).findByText("L'adresse mail doit correspondre.")).toBeInTheDocument();
    expect(patches).toHaveLength(0);

    const confirm = within(card).getByLabelText("Confirmation de l'adresse e-mail");
    await user.clear(confirm);
    await user.type(confirm, 'claire@exemple.fr');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      id: '7',
      body: { email: 'claire@exemple.fr', currentPassword: 'Secret2026!' },
    });
    expect(
      await within(card).findByText('Le mot de passe actuel est incorrect.'),
    ).toBeInTheDocument();
    // Everything typed stays.
    expect(within(card).getByLabelText('Nouvelle adresse e-mail')).toHaveValue('claire@exemple.fr');
  });

  it('names every rule the server enforces, and refuses Abcdefgh1 with it', async () => {
    const user = userEvent.setup();
    renderScreen(<AccountEditPage accountPath="/my/account" />, {
      url: '/my/account/edit',
      components: ['account_modifications_page'],
    });
    const card = await screen.findByRole('region', { name: 'Changer de mot de passe' });
    const field = within(card).getByLabelText('Nouveau mot de passe');
    expect(field).toHaveAccessibleDescription(
      /1 chiffre\. Il doit aussi contenir 1 caractère spécial/,
    );
    await user.type(within(card).getByLabelText('Mot de passe actuel'), 'Secret2026!');
    await user.type(field, 'Abcdefgh1');
    await user.type(within(card).getByLabelText('Confirmation du mot de passe'), 'Abcdefgh1');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(card).findByText(/Il doit aussi contenir 1 caractère spécial/, {
        selector: '[id$="-error"]',
      }),
    ).toBeInTheDocument();
  });

  it('refuses a weak password and a different confirmation before sending', async () => {
    const user = userEvent.setup();
    renderScreen(<AccountEditPage accountPath="/my/account" />, {
      url: '/my/account/edit',
      components: ['account_modifications_page'],
    });
    const card = await screen.findByRole('region', { name: 'Changer de mot de passe' });
    await user.type(within(card).getByLabelText('Mot de passe actuel'), 'x');
    await user.type(within(card).getByLabelText('Nouveau mot de passe'), 'faible');
    await user.type(within(card).getByLabelText('Confirmation du mot de passe'), 'autre');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(card).findByText(
        'Ce champ doit contenir au moins 8 caractères, 1 majuscule, 1 minuscule et 1 chiffre. Il doit aussi contenir 1 caractère spécial (ni lettre ni chiffre : ! ? @ # - …).',
        { selector: '[id$="-error"]' },
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText('Le mot de passe doit correspondre.')).toBeInTheDocument();
  });
});

describe('account photo', () => {
  const deletes: string[] = [];
  let photo: string | null = '/media/images/avatars/claire.jpg';
  useMockApi(
    apiHandler('get', '/account', () => ({
      ...account(dayjs().add(200, 'day').format('YYYY-MM-DD')),
      picture: photo,
      circularPicture: photo,
    })),
    http.delete('*/users/change_picture/:id', ({ params }) => {
      deletes.push(String(params.id));
      photo = null;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  afterEach(() => vi.unstubAllGlobals());

  const openEdit = async () => {
    renderScreen(<AccountEditPage accountPath="/my/account" />, {
      url: '/my/account/edit',
      components: ['account_modifications_page'],
    });
    return screen.findByRole('region', { name: 'Changer de photo' });
  };
  const fileInput = (card: HTMLElement) =>
    card.querySelector<HTMLInputElement>('input[type="file"]')!;

  it('says the spec message and opens no cropper for a file that is no image', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.reject(new Error('not an image'))),
    );
    const user = userEvent.setup();
    const card = await openEdit();
    await user.upload(fileInput(card), new File(['texte'], 'photo.png', { type: 'image/png' }));
    expect(await within(card).findByText('Erreur lors de la création du blob')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Enregistrer la photo' })).toBeNull();
    expect(fileInput(card)).toBeInTheDocument();
  });

  it('gives focus back to the file chooser when the cropper is closed', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.resolve({ close: () => {} })),
    );
    const user = userEvent.setup();
    const card = await openEdit();
    await user.upload(fileInput(card), new File(['png'], 'photo.png', { type: 'image/png' }));
    await user.click(await within(card).findByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(fileInput(card)).toHaveFocus());
  });

  it('removes the photo after a confirmation, through the API', async () => {
    const user = userEvent.setup();
    const card = await openEdit();
    await user.click(within(card).getByRole('button', { name: 'Supprimer la photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer la photo ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(deletes).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'Supprimer la photo' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Supprimer la photo ?' })).getByRole(
        'button',
        { name: 'Supprimer' },
      ),
    );
    expect(await screen.findByText('Photo supprimée.')).toBeInTheDocument();
    expect(deletes).toEqual(['7']);
    await waitFor(() =>
      expect(within(card).queryByRole('button', { name: 'Supprimer la photo' })).toBeNull(),
    );
  });
});
