import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { CustomerDetailPage } from './customer-detail-page';
import { CustomersPage } from './customers-page';

const customer = (id: number, lastName: string, firstName: string) => ({
  '@id': `/clients/${id}`,
  '@type': 'Client' as const,
  id,
  clientId: `CLI-${id}`,
  clientLastName: lastName,
  clientFirstName: firstName,
  zipCode: '69003',
  consultant: { '@id': '/consultants/1', id: 1, idCgp: 'CGP0001', fullName: 'Claire Martin' },
  dueRealEstateTotalAmount: 250000,
  outstandingRealEstateTotalAmount: 0,
  actedInvestmentsTotalAmount: 12500,
  outstandingInvestmentsTotalAmount: 0,
  lastReminder: null,
  nextReminder: { id: 3, date: '2026-12-01T09:00:00+00:00', title: 'Bilan annuel' },
});

const queries: string[] = [];

describe('CustomersPage', () => {
  useMockApi(
    apiHandler('get', '/clients/clients', ({ query }) => {
      queries.push(query.toString());
      return hydraCollection([customer(1, 'Bernard', 'Élodie'), customer(2, 'Dubois', 'Hugo')], 24);
    }),
  );

  it('sends the URL filters as the API parameters and applies new ones on submit', async () => {
    const user = userEvent.setup();
    renderScreen(<CustomersPage scope="mine" />, {
      url: '/my-customers?lastName=ber&type=realEstate&years=2026',
      components: ['my_customers_page'],
    });
    const grid = await screen.findByRole('region', { name: 'Liste des clients' });
    await waitFor(() => expect(grid).toHaveTextContent('Bernard'));
    expect(screen.getByText('24 clients')).toBeInTheDocument();
    expect(grid).toHaveTextContent(/250\s000\s€/);
    expect(grid).toHaveTextContent('01/12/2026 · Bilan annuel');
    expect(grid).not.toHaveTextContent('Mandataire');
    expect(queries.at(-1)).toBe(
      'lastName=ber&years=2026&type=realEstate&page=1&itemsPerPage=10&order%5BlastName%5D=asc',
    );
    // No export without customers_export.
    expect(screen.queryByRole('button', { name: 'Exporter' })).toBeNull();

    const filters = screen.getByRole('search', { name: 'Filtres des clients' });
    await user.click(within(filters).getByRole('button', { name: '2025' }));
    await user.selectOptions(within(filters).getByLabelText('Type de vente'), 'investment');
    await user.click(within(filters).getByRole('button', { name: 'Filtrer' }));
    await waitFor(() =>
      expect(window.location.search).toBe('?lastName=ber&years=2026%2C2025&type=investment'),
    );
    await waitFor(() =>
      expect(queries.at(-1)).toBe(
        'lastName=ber&years=2026%2C2025&type=investment&page=1&itemsPerPage=10&order%5BlastName%5D=asc',
      ),
    );

    await user.click(within(filters).getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(within(filters).getByLabelText('Type de vente')).toHaveValue('');
  });

  it('shows staff the agent column and the export', async () => {
    renderScreen(<CustomersPage scope="network" />, {
      app: 'staff',
      url: '/customers',
      components: ['customers_page', 'customers_export'],
    });
    const grid = await screen.findByRole('region', { name: 'Liste des clients' });
    await waitFor(() => expect(grid).toHaveTextContent('Claire Martin (CGP0001)'));
    expect(
      screen.getByRole('heading', { name: 'Clients du réseau', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exporter' })).toBeInTheDocument();
  });
});

describe('CustomerDetailPage', () => {
  useMockApi(
    apiHandler('get', '/clients/{id}', () => ({
      ...customer(7, 'Bernard', 'Élodie'),
      realEstate: null,
      investment: null,
    })),
  );

  it.each([
    ['mine', 'agent', 'my_invoices_page', '/my-invoices/clients/7'],
    ['network', 'staff', 'invoices_page', '/invoices/clients/7'],
  ] as const)(
    "links the %s record to its customer's invoices when the user holds %s",
    async (scope, app, component, href) => {
      const { unmount } = renderScreen(<CustomerDetailPage id="7" scope={scope} />, {
        app,
        url: '/clients/7',
        components: ['customers_detail_page', component],
      });
      expect(await screen.findByRole('link', { name: 'Factures' })).toHaveAttribute('href', href);
      unmount();
      renderScreen(<CustomerDetailPage id="7" scope={scope} />, {
        app,
        url: '/clients/7',
        components: ['customers_detail_page'],
      });
      await screen.findByRole('heading', { name: 'Bernard Élodie', level: 1 });
      expect(screen.queryByRole('link', { name: 'Factures' })).toBeNull();
    },
  );
});
