import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { AuditPage } from './audit-page';

const entry = {
  '@id': '/administration/audit/7',
  '@type': 'AuditEntry' as const,
  id: 7,
  createdAt: '2026-11-27T10:15:00.000Z',
  user: {
    '@id': '/users/1',
    id: 1,
    fullName: 'Sophie Bernard',
    email: 'admin@reseau-patrimoine.fr',
  },
  impersonator: null,
  operationId: 'disableUser',
  method: 'POST',
  path: '/users/5/disable',
  status: 200,
  targetIri: '/users/5',
  requestId: 'req-1',
  changes: { roles: { before: ['ROLE_MANDATAIRE'], after: ['ROLE_DISABLED'] } },
};

const queries: string[] = [];

/** The journal without filters, and its 'Période' fields. */
async function openPeriod() {
  const user = userEvent.setup();
  renderScreen(<AuditPage />, { url: '/administration/audit', components: ['audit_page'] });
  const filters = await screen.findByRole('search', { name: 'Filtrer le journal' });
  const field = (name: string) => within(filters).getByRole('textbox', { name });
  return { user, filters, from: field('Du'), to: field('au') };
}

describe('AuditPage', () => {
  useMockApi(
    apiHandler('get', '/administration/audit', ({ query }) => {
      queries.push(query.toString());
      return hydraCollection([entry], 1);
    }),
  );

  it('shows who, what and what changed, newest first by 25, and sends the URL filters', async () => {
    const user = userEvent.setup();
    renderScreen(<AuditPage />, {
      url: '/administration/audit?operationId=disableUser',
      components: ['audit_page'],
    });
    const grid = await screen.findByRole('region', { name: 'Actions du personnel' });
    await waitFor(() => expect(grid).toHaveTextContent('Sophie Bernard'));
    expect(grid).toHaveTextContent('roles : ["ROLE_MANDATAIRE"] → ["ROLE_DISABLED"]');
    expect(screen.getByText('1 action')).toBeInTheDocument();
    expect(queries.at(-1)).toBe(
      'operationId=disableUser&page=1&itemsPerPage=25&order%5BcreatedAt%5D=desc',
    );
    expect(screen.getByRole('button', { name: 'Exporter' })).toBeInTheDocument();

    const filters = screen.getByRole('search', { name: 'Filtrer le journal' });
    await user.type(within(filters).getByLabelText('Auteur (nom ou e-mail)'), 'sophie');
    await user.click(within(filters).getByRole('button', { name: 'Filtrer' }));
    await waitFor(() =>
      expect(window.location.search).toBe('?user=sophie&operationId=disableUser'),
    );
  });

  it('says on the "au" field that an inverted period ends before it starts, and applies nothing', async () => {
    const { user, filters, from, to } = await openPeriod();
    await user.type(from, '31/12/2026');
    await user.type(to, '01/12/2026');
    await user.tab();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('La date de fin précède la date de début.');
    expect(from).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Saisissez une date au format JJ/MM/AAAA.')).toBeNull();

    await user.click(within(filters).getByRole('button', { name: 'Filtrer' }));
    expect(to).toHaveFocus();
    expect(window.location.search).toBe('');

    await user.clear(to);
    await user.type(to, '31/12/2026');
    await user.click(within(filters).getByRole('button', { name: 'Filtrer' }));
    await waitFor(() =>
      expect(window.location.search).toBe(
        '?createdAt%5Bafter%5D=2026-12-31&createdAt%5Bbefore%5D=2026-12-31',
      ),
    );
  });

  it('flags only the "Du" field when its text is not a day', async () => {
    const { user, from, to } = await openPeriod();
    await user.type(from, '31/02/2026');
    await user.tab();
    expect(from).toHaveAccessibleDescription('Saisissez une date au format JJ/MM/AAAA.');
    expect(to).not.toHaveAttribute('aria-invalid');
    expect(to).not.toHaveAccessibleDescription();
  });
});
