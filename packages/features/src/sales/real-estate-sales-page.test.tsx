import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { RealEstateSalesPage } from './real-estate-sales-page';

const sale = (id: number, advStatus: 'Acté' | 'Désisté') => ({
  '@id': `/ventes_valoriciels/${id}`,
  '@type': 'VenteValoriciel' as const,
  id,
  valoricielId: `VAL-${id}`,
  consultant: { '@id': '/consultants/1', id: 1, idCgp: 'CGP0001', fullName: 'Claire Martin' },
  client: {
    '@id': '/clients/9',
    id: 9,
    clientId: 'CLI-9',
    fullName: 'Élodie Bernard',
    fullNameLastNameFirst: 'Bernard Élodie',
    firstName: 'Élodie',
    lastName: 'Bernard',
  },
  type: 'Pinel',
  lot: 'A12',
  operationName: 'Les Terrasses',
  amount: 210000,
  baseRemuneration: 8400,
  advStatus,
  option: '2026-01-10',
  bookingSignatureDate: null,
  bankAgreementDate: null,
  deedDate: null,
  cancellationDate: null,
  lastAction: '2026-02-01',
  exercice: 2026,
});

const queries: string[] = [];

describe('RealEstateSalesPage', () => {
  useMockApi(
    apiHandler('get', '/ventes_valoriciels', ({ query }) => {
      queries.push(query.toString());
      return hydraCollection([sale(1, 'Acté'), sale(2, 'Désisté')], 2);
    }),
  );

  it("orders an agent's own sales by last action, shows statuses as badges, no agent column", async () => {
    renderScreen(<RealEstateSalesPage scope="mine" />, {
      url: '/my-sales/real-estate',
      components: ['my_sales_real_estate_page'],
    });
    const grid = await screen.findByRole('region', { name: 'Liste des ventes immobilier' });
    await waitFor(() => expect(grid).toHaveTextContent('Les Terrasses'));
    expect(queries.at(-1)).toBe('order%5BlastAction%5D=desc&itemsPerPage=25');
    expect(grid).not.toHaveTextContent('Claire Martin');
    expect(grid).toHaveTextContent('10/01/2026');
    expect(within(grid).getByText('Désisté')).toHaveClass('text-danger');
  });

  it('orders the network by exercice descending, with the agent column', async () => {
    renderScreen(<RealEstateSalesPage scope="network" />, {
      app: 'staff',
      url: '/sales/real-estate?advStatus=Act%C3%A9',
      components: ['sales_real_estate_page'],
    });
    const grid = await screen.findByRole('region', { name: 'Liste des ventes immobilier' });
    await waitFor(() => expect(grid).toHaveTextContent('Claire Martin (CGP0001)'));
    expect(queries.at(-1)).toBe('advStatus=Act%C3%A9&order%5Bexercice%5D=desc&itemsPerPage=25');
  });
});
