import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Prospect } from '@portal/api/prospects';
import { describe, expect, it } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { ProspectsPage } from './prospects-page';

const prospect: Prospect = {
  '@id': '/prospects/5',
  '@type': 'Prospect',
  id: 5,
  lastName: 'Durand',
  firstName: 'Alice',
  birthday: '1985-04-12',
  createdAt: '2026-11-02T10:00:00Z',
  updatedAt: '2026-11-02T10:00:00Z',
  consultant: {
    '@id': '/consultants/1',
    '@type': 'Consultant',
    id: 1,
    idCgp: 'CGP0001',
    fullName: 'Claire Martin',
    valoricielId: null,
  },
  ricCollection: [],
  derCollection: [],
  otherCollection: [],
};

const queries: string[] = [];
let created: FormData | null = null;

describe('ProspectsPage', () => {
  useMockApi(
    apiHandler('get', '/prospects', ({ query }) => {
      queries.push(query.toString());
      return hydraCollection([prospect], 1);
    }),
    apiHandler('get', '/consultants', () =>
      hydraCollection([
        { '@id': '/consultants/1', id: 1, idCgp: 'CGP0001', fullName: 'Claire Martin' },
      ]),
    ),
    apiHandler('post', '/prospects', async ({ request }) => {
      created = await request.formData();
      return { ...prospect, id: 6 };
    }),
  );

  it("lists the agent's own prospects and adds one once a RIC is attached", async () => {
    renderScreen(<ProspectsPage scope="mine" />, {
      app: 'agent',
      url: '/my-prospects',
      components: ['my_prospects_page', 'prospects_edit', 'prospects_required_documents'],
    });
    await waitFor(async () =>
      expect(await screen.findByRole('region', { name: 'Prospects' })).toHaveTextContent('Durand'),
    );
    expect(queries.at(-1)).toContain('mine=true');
    expect(queries.at(-1)).toContain('order%5BlastName%5D=asc');

    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un prospect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un prospect' });
    await userEvent.type(within(dialog).getByLabelText(/^Nom/), 'Petit');
    await userEvent.type(within(dialog).getByLabelText(/^Prénom/), 'Léa');
    await userEvent.type(within(dialog).getByLabelText(/^Date de naissance/), '02/03/1990');
    const save = within(dialog).getByRole('button', { name: 'Enregistrer' });
    expect(save).toBeDisabled();
    const ric = new File(['%PDF-1.4'], 'ric.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(dialog).getAllByLabelText(/RIC/)[0]!, ric);
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    expect(await screen.findByText('Le prospect a bien été créé.')).toBeInTheDocument();
    expect(created?.get('birthday')).toBe('1990-03-02');
    expect((created?.get('ricFile') as File).name).toBe('ric.pdf');
  });

  it('lets staff pick the agent by name with the agent picker, not type his CGP id', async () => {
    const user = userEvent.setup();
    renderScreen(<ProspectsPage scope="network" />, {
      app: 'staff',
      url: '/prospects',
      components: ['prospects_page', 'prospects_edit'],
    });
    await user.click(await screen.findByRole('button', { name: 'Ajouter un prospect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un prospect' });
    expect(within(dialog).queryByLabelText(/ID CGP du mandataire/)).toBeNull();
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Petit');
    await user.type(within(dialog).getByLabelText(/^Prénom/), 'Léa');
    await user.type(within(dialog).getByLabelText(/^Date de naissance/), '02/03/1990');
    await user.type(within(dialog).getByRole('combobox', { name: /Mandataire/ }), 'Mart');
    await user.click(await screen.findByRole('option', { name: /Claire Martin\s*CGP0001/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le prospect a bien été créé.')).toBeInTheDocument();
    expect(created?.get('consultant')).toBe('CGP0001');
  });
});
