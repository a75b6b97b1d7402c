import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, useMockApi } from '../testing';
import { remindersHandlers } from './handlers';
import { RemindersPage } from './reminders-page';

describe('Mes rappels', () => {
  useMockApi(...remindersHandlers);

  it('lists the rows the URL filters select', async () => {
    renderScreen(<RemindersPage />, {
      app: 'agent',
      url: '/my/reminders?title=prem',
      components: ['reminders_page'],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mes rappels' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Premier')).toBeInTheDocument();
    expect(screen.queryByText('Deuxième')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Libellé' })).toHaveValue('prem');
  });
});
