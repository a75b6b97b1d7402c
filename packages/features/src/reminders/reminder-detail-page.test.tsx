import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiHandler, renderScreen, useMockApi } from '../testing';
import { reminderCalls, reminderRows, remindersHandlers } from './handlers';
import { ReminderDetailPage } from './reminder-detail-page';

describe('reminder detail', () => {
  useMockApi(
    ...remindersHandlers,
    apiHandler('get', '/reminders/{id}', ({ params }) => {
      const found = reminderRows.find((row) => row.id === Number(params.id));
      return found ?? new Response(null, { status: 404 });
    }),
  );

  it('lets an agent remove a network reminder from his list when opened without its entry', async () => {
    reminderCalls.length = 0;
    const user = userEvent.setup();
    renderScreen(<ReminderDetailPage scope="mine" id="13" />, {
      app: 'agent',
      url: '/my/reminders/13',
      components: ['reminders_detail_page'],
    });
    expect(await screen.findByText(/vous pouvez le retirer de votre liste/)).toBeInTheDocument();
    const remove = await screen.findByRole('button', { name: 'Retirer de ma liste' });
    await user.click(remove);
    const dialog = await screen.findByRole('dialog');
    // Cancelled: focus back on the button that opened it.
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(remove).toHaveFocus());
    await user.click(remove);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Retirer de ma liste',
      }),
    );
    await waitFor(() => expect(reminderCalls).toContain('DELETE /reminder_lists/113'));
    expect(reminderCalls).not.toContain('DELETE /reminders/13');
  }, 20_000);
});
