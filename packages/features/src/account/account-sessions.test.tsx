import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiHandler, renderScreen, server, useMockApi } from '../testing';
import { AccountPage } from './account-page';

type Listed = {
  id: string;
  device: 'PC' | 'Smartphone' | 'Tablette' | null;
  current: boolean;
  impersonator: { id: number; fullName: string } | null;
};

const entry = ({ id, device, current, impersonator }: Listed) => ({
  '@id': `/sessions/${id}`,
  '@type': 'UserSession' as const,
  id,
  startedAt: '2026-11-20T08:15:00.000Z',
  lastSeenAt: '2026-11-27T09:30:00.000Z',
  current,
  device,
  ipAddress: device ? '203.0.113.7' : null,
  impersonator,
});

const SESSIONS: Listed[] = [
  { id: 'aaaaaaaa-0000-4000-8000-000000000001', device: 'PC', current: true, impersonator: null },
  {
    id: 'aaaaaaaa-0000-4000-8000-000000000002',
    device: 'Smartphone',
    current: false,
    impersonator: null,
  },
  { id: 'aaaaaaaa-0000-4000-8000-000000000003', device: null, current: false, impersonator: null },
  {
    id: 'aaaaaaaa-0000-4000-8000-000000000004',
    device: 'PC',
    current: false,
    impersonator: { id: 9, fullName: 'Sophie Admin' },
  },
];

let open: Listed[] = [];
const calls: string[] = [];

describe('account page: open sessions', () => {
  useMockApi(
    apiHandler('get', '/account', () => ({
      '@id': '/account',
      '@type': 'Account' as const,
      id: 1,
      firstName: 'Claire',
      lastName: 'Martin',
      email: 'claire.martin@exemple.fr',
      picture: null,
      circularPicture: null,
      profilName: 'Mandataire',
      reminderFrequency: [],
      agent: null,
    })),
    apiHandler('get', '/users/{id}/sessions', ({ params }) => {
      calls.push(`GET ${String(params.id)}`);
      return { 'hydra:member': open.map(entry), 'hydra:totalItems': open.length };
    }),
    apiHandler('delete', '/sessions/{id}', ({ params }) => {
      calls.push(`DELETE session ${String(params.id)}`);
      open = open.filter((s) => s.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    apiHandler('delete', '/users/{id}/sessions', ({ params }) => {
      calls.push(`DELETE all ${String(params.id)}`);
      const ended = open.filter((s) => !s.current && !s.impersonator).length;
      open = open.filter((s) => s.current || s.impersonator);
      return { ended };
    }),
  );

  it('lists the sessions, marks the current one and ends another', async () => {
    open = [...SESSIONS];
    calls.length = 0;
    const user = userEvent.setup();
    renderScreen(<AccountPage />, { url: '/my/account' });
    const region = await screen.findByRole('region', { name: 'Sessions ouvertes' });
    const items = await within(region).findAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('PC');
    expect(items[0]).toHaveTextContent('Cette session');
    expect(items[0]).toHaveTextContent('203.0.113.7');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[2]).toHaveTextContent('Appareil inconnu');
    expect(items[2]).toHaveTextContent('Non renseignée');
    // An administrator's view of the account is shown, not offered to end.
    expect(items[3]).toHaveTextContent('Vue par Sophie Admin (administrateur)');
    expect(within(items[3]!).queryByRole('button')).toBeNull();
    expect(calls).toContain('GET 1');

    await user.click(
      within(region).getByRole('button', { name: /^Fermer la session Smartphone ouverte le / }),
    );
    expect(await within(region).findByRole('status')).toHaveTextContent('La session a été fermée.');
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(3));
    expect(calls).toContain(`DELETE session ${SESSIONS[1]!.id}`);
    expect(screen.getByRole('heading', { name: 'Sessions ouvertes' })).toHaveFocus();
  });

  it('ends all the others after a confirmation, from the keyboard, focus coming back', async () => {
    open = [...SESSIONS];
    calls.length = 0;
    const user = userEvent.setup();
    renderScreen(<AccountPage />, { url: '/my/account' });
    const region = await screen.findByRole('region', { name: 'Sessions ouvertes' });
    const endAll = await within(region).findByRole('button', {
      name: 'Fermer toutes les autres sessions',
    });
    endAll.focus();
    await user.keyboard('{Enter}');
    let dialog = await screen.findByRole('dialog', { name: 'Fermer les autres sessions ?' });
    expect(dialog).toHaveTextContent('Les 2 autres sessions seront fermées');
    // The safe choice first; Escape closes and gives the focus back to the opener.
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(endAll).toHaveFocus();
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);

    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'Fermer les autres sessions ?' });
    await user.tab();
    expect(
      within(dialog).getByRole('button', { name: 'Fermer les autres sessions' }),
    ).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toContain('DELETE all 1');
    expect(await within(region).findByRole('status')).toHaveTextContent(
      '2 sessions ont été fermées.',
    );
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(2));
    expect(within(region).queryByRole('button', { name: /autres sessions/ })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Sessions ouvertes' })).toHaveFocus(),
    );
  });

  it('offers nothing to end while an administrator views the portal as the user', async () => {
    open = [...SESSIONS];
    renderScreen(<AccountPage />, { url: '/my/account', session: { isImpersonateUser: true } });
    const region = await screen.findByRole('region', { name: 'Sessions ouvertes' });
    expect(await within(region).findAllByRole('listitem')).toHaveLength(4);
    expect(within(region).queryByRole('button')).toBeNull();
  });

  it('says so when the list cannot be read', async () => {
    server.use(
      apiHandler('get', '/users/{id}/sessions', () =>
        HttpResponse.json(
          { '@type': 'hydra:Error', 'hydra:description': 'Accès refusé.' },
          { status: 403 },
        ),
      ),
    );
    renderScreen(<AccountPage />, { url: '/my/account' });
    expect(await screen.findByText(/Une erreur est survenue : Accès refusé\./)).toBeInTheDocument();
  });
});
