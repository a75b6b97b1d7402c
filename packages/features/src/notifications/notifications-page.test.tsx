import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, server, useMockApi } from '../testing';
import { NotificationsPage } from './notifications-page';

const notification = (id: number, title: string) => ({
  '@id': `/notifications/${id}`,
  '@type': 'Notification' as const,
  id,
  title,
  description: 'Rendez-vous jeudi.',
  urlLink: null,
  createdAt: '2026-01-10T09:00:00+00:00',
  expireAt: '2026-01-17T00:00:00+00:00',
  profilesToNotify: [],
});

const mandataire = {
  '@id': '/profiles/2',
  '@type': 'Profile',
  id: 2,
  title: 'Mandataire',
  type: 'Mandataire' as const,
  name: 'mandataire',
};

describe('NotificationsPage', () => {
  useMockApi(
    apiHandler('get', '/notifications', ({ query }) =>
      hydraCollection([notification(Number(query.get('page')), `Envoi ${query.get('page')}`)], 12),
    ),
    apiHandler('get', '/profiles', () => hydraCollection([mandataire])),
  );

  it('pages through the notifications, the page in the URL', async () => {
    renderScreen(<NotificationsPage />, { app: 'staff', url: '/communication/notifications' });
    expect(await screen.findByText('Envoi 1')).toBeInTheDocument();
    expect(screen.getByText('12 notifications')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Envoi 2')).toBeInTheDocument();
    expect(location.search).toBe('?page=2');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('creates a notification, with the French date field', async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      apiHandler('post', '/notifications', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return notification(3, String(sent.title));
      }),
    );
    renderScreen(<NotificationsPage />, { app: 'staff', url: '/communication/notifications' });
    await userEvent.click(await screen.findByRole('button', { name: 'Créer une notification' }));
    const dialog = screen.getByRole('dialog', { name: 'Créer une notification' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getAllByText('Ce champ est obligatoire.').length).toBeGreaterThan(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Titre/ }), 'Réunion');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Jeudi.');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Mandataire' }));
    const expiry = within(dialog).getByRole('textbox', { name: /^Date d’expiration/ });
    await userEvent.clear(expiry);
    await userEvent.type(expiry, '31/03/2020');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(dialog).findByText("La date d'expiration ne peut pas être passée."),
    ).toBeInTheDocument();
    await userEvent.clear(expiry);
    await userEvent.type(expiry, '31/03/2099');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent).toMatchObject({ title: 'Réunion', profilesToNotify: ['/profiles/2'] });
    expect(String(sent?.expireAt)).toMatch(/^2099-03-31/);
    expect(screen.getByText('la notification est créé')).toBeInTheDocument();
  });
});
