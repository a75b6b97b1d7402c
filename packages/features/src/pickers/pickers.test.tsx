import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ClientReference } from '@portal/api/customers';
import { apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { AgentPicker, ClientPicker } from './pickers';

const searches: string[] = [];

const client = (id: number, firstName: string, lastName: string) => ({
  '@id': `/clients/${id}`,
  '@type': 'Client' as const,
  id,
  clientId: `CLI-${id}`,
  fullName: `${firstName} ${lastName}`,
  fullNameLastNameFirst: `${lastName} ${firstName}`,
  firstName,
  lastName,
});

function Chosen() {
  const [value, setValue] = useState<ClientReference | null>(null);
  return (
    <>
      <ClientPicker value={value} onChange={setValue} />
      <output aria-label="Choix">{value?.clientId ?? 'aucun'}</output>
    </>
  );
}

describe('pickers', () => {
  useMockApi(
    apiHandler('get', '/clients', ({ query }) => {
      searches.push(`${query.get('fullName')}|${query.get('pagination')}`);
      return hydraCollection([client(7, 'Anaïs', 'Picard'), client(9, 'Paul', 'Picard')]);
    }),
    apiHandler('get', '/consultants', () =>
      hydraCollection([
        { '@id': '/consultants/1', id: 1, idCgp: 'CGP0001', fullName: 'Claire Martin' },
      ]),
    ),
  );

  it('searches clients past 3 characters, once per text, and picks one with the keyboard', async () => {
    const user = userEvent.setup();
    renderScreen(<Chosen />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    await user.type(input, 'Pic');
    expect(await screen.findByText('Saisissez au moins 4 caractères.')).toBeInTheDocument();
    await user.type(input, 'a');
    expect(await screen.findByRole('option', { name: /Picard Anaïs/ })).toBeInTheDocument();
    expect(searches).toEqual(['Pica|false']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Choix')).toHaveTextContent('CLI-9'));
  });

  it('lists agents with their CGP id', async () => {
    const user = userEvent.setup();
    renderScreen(<AgentPicker value={null} onChange={() => undefined} />, { app: 'staff' });
    await user.type(screen.getByRole('combobox', { name: 'Mandataire' }), 'Mart');
    expect(
      await screen.findByRole('option', { name: /Claire Martin\s*CGP0001/ }),
    ).toBeInTheDocument();
  });
});
