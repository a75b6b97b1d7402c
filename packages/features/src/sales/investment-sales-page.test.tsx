import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { saleClient, saleConsultant } from './sales.fixtures';
import { InvestmentSalesPage } from './investment-sales-page';
import { exerciceOf } from '../common';

const sale = (id: number, amount: number) => ({
  '@id': `/ventes_orions/${id}`,
  '@type': 'VenteOrion' as const,
  id,
  orderNumber: `CMD-${id}`,
  consultant: saleConsultant,
  client: saleClient,
  typeProduitsFin: { productName: 'PER Horizon', providerName: 'Suravenir' },
  amount,
  fee: 2.5,
  status: 'Validé' as const,
  operation: 'Souscription' as const,
  type: 'PER',
  subscriptionDate: '2026-03-02',
  exercice: 2026,
});

const queries: string[] = [];

describe('InvestmentSalesPage', () => {
  useMockApi(
    apiHandler('get', '/ventes_orions', ({ query }) => {
      queries.push(query.toString());
      return hydraCollection([sale(1, 12000), sale(2, -500)], 40);
    }),
    apiHandler('get', '/ventes_orions/year/{year}', ({ params }) => ({
      year: Number(params.year),
      optionsTotal: 1000,
      deedsTotal: 24000,
      total: 25000,
    })),
  );

  it('counts exercices from 1 November', () => {
    expect(exerciceOf(new Date(2026, 9, 31))).toBe(2026);
    expect(exerciceOf(new Date(2026, 10, 1))).toBe(2027);
  });

  it('sends the URL filters, orders by exercice ascending by default, and hides the agent column from an agent', async () => {
    const user = userEvent.setup();
    renderScreen(<InvestmentSalesPage scope="mine" />, {
      url: '/my-sales/investment?status=Encours&amount[gte]=5000&exercice=2026',
      components: ['my_sales_investment_page', 'sales_investment_sum_sales'],
    });
    const grid = await screen.findByRole('region', { name: 'Liste des ventes placement' });
    await waitFor(() => expect(grid).toHaveTextContent('Élodie Bernard'));
    expect(grid).not.toHaveTextContent('Claire Martin');
    expect(grid).toHaveTextContent('2,50 %');
    expect(queries.at(-1)).toBe(
      'status=Encours&amount%5Bgte%5D=5000&exercice=2026&page=1&itemsPerPage=25&order%5Bexercice%5D=asc',
    );
    const sums = screen.getByRole('region', { name: 'Placements de l’exercice 2026' });
    await waitFor(() => expect(sums).toHaveTextContent(/25\s000\s€/));
    expect(screen.queryByRole('button', { name: 'Exporter' })).toBeNull();

    const filters = screen.getByRole('search', { name: 'Filtres des ventes placement' });
    await user.selectOptions(within(filters).getByLabelText('Opération'), 'Versement');
    await user.click(within(filters).getByRole('button', { name: 'Filtrer' }));
    await waitFor(() => expect(queries.at(-1)).toContain('operation=Versement'));
    expect(window.location.search).toContain('operation=Versement');
  });
});
