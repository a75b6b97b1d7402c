import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { saleClient, saleConsultant } from './sales.fixtures';
import { SalesSummaryPage } from './sales-summary-page';
import { VlpSalesPage } from './vlp-sales-page';

const ownClient = saleClient;
/** Another agent's customer the agent sold to: the backend gives his name, not his record. */
const foreignClient = {
  '@id': null,
  id: null,
  clientId: null,
  fullName: 'Gaston Roux',
  fullNameLastNameFirst: 'Roux Gaston',
  firstName: 'Gaston',
  lastName: 'Roux',
};

const vlp = (
  id: number,
  amount: number,
  client: typeof ownClient | typeof foreignClient = ownClient,
) => ({
  '@id': `/vlps/${id}`,
  '@type': 'Vlp' as const,
  id,
  consultant: saleConsultant,
  client,
  product: { productName: 'PER Horizon', providerName: 'Suravenir' },
  amount,
  fee: 1.5,
  processingDate: '2026-03-15',
  exercice: 2026,
});

const queries: string[] = [];

/** An agent's own VLP list, once its grid is shown. */
async function myVlpGrid() {
  renderScreen(<VlpSalesPage scope="mine" />, {
    url: '/my-sales/vlp',
    components: ['my_sales_vlp_page'],
  });
  return screen.findByRole('region', { name: 'Liste des ventes VLP' });
}

describe('VLP and summary screens', () => {
  useMockApi(
    apiHandler('get', '/vlps', ({ query }) => {
      queries.push(query.toString());
      return hydraCollection([vlp(1, 12000), vlp(2, -1500), vlp(3, 800, foreignClient)], 3);
    }),
    apiHandler('get', '/sales/ranking/{consultantId}', ({ query }) => ({
      rank: query.get('salesType') === 'investment' ? 7 : 1,
      totalAmount: 125000,
      outOf: 612,
      exercice: 2027,
    })),
  );

  it('styles reversals and links the client to his record', async () => {
    const grid = await myVlpGrid();
    await waitFor(() => expect(grid).toHaveTextContent('PER Horizon'));
    expect(queries.at(-1)).toBe('page=1&itemsPerPage=10&order%5Bexercice%5D=asc');
    const negative = within(grid).getByText(/-1\s500\s€/);
    expect(negative.closest('[role="gridcell"]')).toHaveClass('text-danger');
    expect(within(grid).getAllByRole('link', { name: 'Élodie Bernard' })[0]).toHaveAttribute(
      'href',
      '/my-sales/vlp/clients/9',
    );
  });

  it('names another agent’s customer without a link to his record', async () => {
    const grid = await myVlpGrid();
    await waitFor(() => expect(grid).toHaveTextContent('Gaston Roux'));
    expect(within(grid).queryByRole('link', { name: 'Gaston Roux' })).toBeNull();
    expect(within(grid).getAllByRole('link', { name: 'Élodie Bernard' })).toHaveLength(2);
  });

  it("shows the agent's rank and follows the sales type", async () => {
    const user = userEvent.setup();
    renderScreen(<SalesSummaryPage />, {
      url: '/my-sales/summary',
      components: ['sales_summary_page', 'sales_summary_stats'],
      session: { consultantId: 1 },
    });
    const stats = await screen.findByRole('region', { name: 'Mes statistiques' });
    expect(await within(stats).findByText('1er sur 612')).toBeInTheDocument();
    await user.selectOptions(within(stats).getByLabelText('Ventes'), 'investment');
    expect(await within(stats).findByText('7e sur 612')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Suivi immobilier/ })).toBeNull();
  });
});
