import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { reminderCalls, reminderRows, remindersHandlers } from './handlers';
import { RemindersPage } from './reminders-page';

/** /my/reminders on November 2026, the reminders' calls recorded from the start. */
function openNovember() {
  reminderCalls.length = 0;
  renderScreen(<RemindersPage scope="mine" />, {
    app: 'agent',
    url: '/my/reminders?month=2026-11',
    components: ['reminders_page'],
  });
}

describe('Rappels réseau', () => {
  useMockApi(
    apiHandler('get', '/reminders', ({ query }) => {
      reminderCalls.push(`GET /reminders?${query}`);
      const rows = reminderRows.filter((row) => row.type === 'hubnup');
      return hydraCollection(rows, rows.length);
    }),
  );

  it('says what the agent’s name filters, and sends it', async () => {
    reminderCalls.length = 0;
    const user = userEvent.setup();
    renderScreen(<RemindersPage scope="network" />, {
      app: 'staff',
      url: '/communication/reminders?month=2026-11',
      components: ['communication_reminders_page'],
    });
    const lastName = await screen.findByRole('textbox', { name: 'Nom du mandataire' });
    expect(lastName).toHaveAccessibleDescription(
      'Les rappels encore présents dans la liste de ce mandataire.',
    );
    await user.type(lastName, 'Lefebvre');
    await user.click(screen.getByRole('button', { name: 'Filtrer' }));
    await waitFor(() =>
      expect(reminderCalls).toContainEqual(
        expect.stringMatching(/^GET \/reminders\?lastName=Lefebvre&page=1.*type=hubnup/),
      ),
    );
  }, 20_000);
});

describe('Mes rappels', () => {
  useMockApi(...remindersHandlers);

  it('lists the entries the URL filters select, by date descending, with the month’s badges', async () => {
    reminderCalls.length = 0;
    renderScreen(<RemindersPage scope="mine" />, {
      app: 'agent',
      url: '/my/reminders?title=bilan&month=2026-11',
      components: ['reminders_page', 'reminders_edit_page', 'reminders_reporting_page'],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mes rappels' }),
    ).toBeInTheDocument();
    const grid = await screen.findByRole('region', { name: 'Liste des rappels' });
    await waitFor(() => expect(grid).toHaveTextContent('Bilan annuel'));
    expect(grid).not.toHaveTextContent('Appeler Mme Durand');
    expect(grid).toHaveTextContent('20/11/2026 à 14:30');
    expect(reminderCalls).toContain(
      'GET /reminder_list/user?title=bilan&page=1&itemsPerPage=10&order%5Bdate%5D=desc',
    );
    expect(reminderCalls).toContain('GET /reminder_list/user/calendar?month=2026-11&title=bilan');
    const calendar = screen.getByRole('region', { name: 'Calendrier des rappels' });
    expect(
      within(calendar)
        .getByRole('button', { name: /20 novembre 2026, 12 rappels/ })
        .closest('td'),
    ).toHaveTextContent('209+');
    expect(screen.getByRole('link', { name: 'Créer un rappel' })).toHaveAttribute(
      'href',
      '/my/reminders/create',
    );
  });

  it('filters on the day chosen in the calendar', async () => {
    const user = userEvent.setup();
    openNovember();
    await user.click(await screen.findByRole('button', { name: /5 novembre 2026, 1 rappel$/ }));
    await waitFor(() =>
      expect(reminderCalls.at(-1)).toMatch(
        /date%5Bafter%5D=2026-11-05&date%5Bbefore%5D=2026-11-05/,
      ),
    );
    expect(screen.getByText('Rappels du 05/11/2026')).toBeInTheDocument();
  }, 20_000);

  it('deletes a selection path by path: a personal reminder itself, a network one from the list', async () => {
    const user = userEvent.setup();
    openNovember();
    const grid = await screen.findByRole('region', { name: 'Liste des rappels' });
    await waitFor(() => expect(grid).toHaveTextContent('Convention nationale'));
    await user.click(within(grid).getByRole('checkbox', { name: /Appeler Mme Durand/ }));
    await user.click(within(grid).getByRole('checkbox', { name: /Convention nationale/ }));
    // The count once, not in the grid and again in the actions bar (issue 41).
    expect(screen.getAllByText('2 lignes sélectionnées')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Supprimer la sélection (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer 2 rappels ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() =>
      expect(reminderCalls.filter((call) => call.startsWith('DELETE'))).toEqual([
        'DELETE /reminders/11',
        'DELETE /reminder_lists/113',
      ]),
    );
    expect(await screen.findByText('Les rappels ont bien été supprimés.')).toBeInTheDocument();
  }, 20_000);
});
