import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiHandler, renderScreen, useMockApi } from '../testing';
import { reminderOf } from './handlers';
import { ReminderFormPage } from './reminder-form-page';

const posted: unknown[] = [];

describe('reminder form', () => {
  useMockApi(
    apiHandler('post', '/reminders', async ({ request }) => {
      posted.push(await request.json());
      return reminderOf(40, 'Relance', 'personal', '2026-12-03T13:05:00Z');
    }),
    apiHandler('get', '/reminders/{id}', ({ params }) =>
      reminderOf(Number(params.id), 'Convention', 'hubnup', '2026-12-03T08:00:00Z'),
    ),
  );

  it('asks for the title and the date, then sends the Paris time and the prospect', async () => {
    const user = userEvent.setup();
    renderScreen(<ReminderFormPage scope="mine" />, {
      app: 'agent',
      url: '/my/reminders/create',
      components: ['reminders_edit_page'],
    });
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findAllByText('Ce champ est obligatoire.')).toHaveLength(2);
    await user.type(screen.getByRole('textbox', { name: /Titre/ }), 'Relance');
    await user.type(screen.getByRole('textbox', { name: /^Date/ }), '03/12/2026');
    await user.clear(screen.getByLabelText('Heure'));
    await user.type(screen.getByLabelText('Heure'), '14:05');
    await user.click(screen.getByRole('radio', { name: 'Prospect' }));
    await user.type(screen.getByRole('textbox', { name: 'Nom du prospect' }), 'Sophie Bernard');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          title: 'Relance',
          date: '2026-12-03T14:05',
          content: null,
          client: null,
          prospect: 'Sophie Bernard',
          concerns: 'prospect',
        },
      ]),
    );
  }, 20_000);

  it('refuses "Client" ticked with no customer chosen, next to the customer field', async () => {
    posted.length = 0;
    const user = userEvent.setup();
    renderScreen(<ReminderFormPage scope="mine" />, {
      app: 'agent',
      url: '/my/reminders/create',
      components: ['reminders_edit_page'],
    });
    await user.type(await screen.findByRole('textbox', { name: /Titre/ }), 'Relance');
    await user.type(screen.getByRole('textbox', { name: /^Date/ }), '03/12/2026');
    await user.click(screen.getByRole('radio', { name: 'Client' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const picker = await screen.findByRole('combobox', { name: /Client/ });
    await waitFor(() => expect(picker).toHaveAccessibleDescription('Choisissez un client.'));
    expect(posted).toEqual([]);
  }, 20_000);

  it('tells an agent that a network reminder is read-only', async () => {
    renderScreen(<ReminderFormPage scope="mine" id="7" />, {
      app: 'agent',
      url: '/my/reminders/7/edit',
      components: ['reminders_edit_page'],
    });
    expect(await screen.findByText(/Ce rappel du réseau est en lecture seule/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });
});
