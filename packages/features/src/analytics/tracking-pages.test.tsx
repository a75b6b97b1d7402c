import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, server, useMockApi } from '../testing';
import { analyticsHandlers, trackingCalls } from './tracking.fixtures';
import { TrackingGlobalPage } from './tracking-global-page';
import { TrackingUserDetailsPage } from './tracking-user-details-page';
import { TrackingUsersPage } from './tracking-users-page';

const STAFF = { app: 'staff' as const, components: ['tracking_page', 'tracking_users_page'] };

describe('usage analytics screens', () => {
  useMockApi(...analyticsHandlers);

  it('shows each top list as a chart with its table, and the failure of one', async () => {
    trackingCalls.length = 0;
    renderScreen(<TrackingGlobalPage />, { ...STAFF, url: '/tracking/global?from=2026-03-01' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Suivi global' })).toBeVisible();
    const pages = await screen.findByRole('table', { name: 'Top 50 des pages' });
    expect(within(pages).getByRole('rowheader', { name: 'Mes clients' })).toBeInTheDocument();
    expect(within(pages).getAllByRole('row')[1]).toHaveTextContent('Mes clients9');
    expect(await screen.findByRole('table', { name: 'Top 50 des utilisateurs' })).toHaveTextContent(
      'Claire Martin12',
    );
    // Spec part 2 §8: 'Tracking top-50 failure'.
    expect(await screen.findByRole('alert')).toHaveTextContent('Une erreur est survenue');
    expect(trackingCalls).toContain('GET /tracking/top/pages?from=2026-03-01');
    expect(screen.getByRole('link', { name: 'Top 50' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Connexions' })).toHaveAttribute(
      'href',
      '/tracking/global?tab=connections&from=2026-03-01',
    );
  });

  it('shows a failed Top 50 at once: a server error is not asked again', async () => {
    // Issue 41: asked three times (1 s, then 2 s apart), it showed 'Chargement…' for seconds.
    trackingCalls.length = 0;
    renderScreen(<TrackingGlobalPage />, { ...STAFF, url: '/tracking/global?from=2026-03-01' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Une erreur est survenue');
    expect(
      trackingCalls.filter((call) => call.startsWith('GET /tracking/top/documents')),
    ).toHaveLength(1);
  });

  it('names each page by its French title, with its route when two pages share it', async () => {
    server.use(
      apiHandler('get', '/tracking/top/pages', () =>
        hydraCollection([
          { name: 'Bibliothèque', path: '/library/bibliotheque/:folderId', value: 9 },
          { name: 'Mes rappels', path: '/my/reminders', value: 5 },
          { name: 'Bibliothèque', path: '/library/bibliotheque', value: 4 },
        ]),
      ),
    );
    renderScreen(<TrackingGlobalPage />, { ...STAFF, url: '/tracking/global?from=2026-03-01' });
    const pages = await screen.findByRole('table', { name: 'Top 50 des pages' });
    expect(
      within(pages)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Bibliothèque (/library/bibliotheque/:folderId)',
      'Mes rappels',
      'Bibliothèque (/library/bibliotheque)',
    ]);
  });

  it('opens a user’s connections with his id on every call', async () => {
    const user = userEvent.setup();
    trackingCalls.length = 0;
    renderScreen(<TrackingUserDetailsPage id="7" />, {
      ...STAFF,
      url: '/tracking/users/7/details',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Suivi de Claire Martin' }),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Top 50' })).toBeNull();
    const devices = await screen.findByRole('table', { name: 'Appareils utilisés (sessions)' });
    expect(devices).toHaveTextContent('Smartphone2');
    expect(await screen.findByRole('table', { name: 'Connexions par jour' })).toHaveTextContent(
      '03/0324',
    );
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(trackingCalls).toContain('GET /tracking/users/7/devices');
    expect(trackingCalls.filter((call) => call.includes('userId'))).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Documents' }));
    expect(
      await screen.findByRole('table', { name: 'Documents les plus téléchargés' }),
    ).toHaveTextContent('Guide.pdf2');
  });

  it('lists the tracked users, each linking to his details', async () => {
    trackingCalls.length = 0;
    renderScreen(<TrackingUsersPage />, { ...STAFF, url: '/tracking/users' });
    const grid = await screen.findByRole('region', { name: 'Liste des utilisateurs suivis' });
    await waitFor(() => expect(grid).toHaveTextContent('Martin'));
    expect(within(grid).getByRole('link', { name: 'Martin' })).toHaveAttribute(
      'href',
      '/tracking/users/7/details',
    );
    expect(trackingCalls[0]).toMatch(/^GET \/tracking\/users\?page=1&itemsPerPage=10/);
  });
});
