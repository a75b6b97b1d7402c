import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { saleClient, saleConsultant } from './sales.fixtures';
import { RealEstateSalesPage } from './real-estate-sales-page';

const sale = (id: number, advStatus: 'Acté' | 'Désisté') => ({
  '@id': `/ventes_valoriciels/${id}`,
  '@type': 'VenteValoriciel' as const,
  id,
  valoricielId: `VAL-${id}`,
  consultant: saleConsultant,
  client: saleClient,
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
const yearQueries: string[] = [];

/** Staff's network list at `?search`, once its grid is shown. */
async function networkGrid(search: string) {
  renderScreen(<RealEstateSalesPage scope="network" />, {
    app: 'staff',
    url: `/sales/real-estate?${search}`,
    components: ['sales_real_estate_page'],
  });
  return screen.findByRole('region', { name: 'Liste des ventes immobilier' });
}

describe('RealEstateSalesPage', () => {
  useMockApi(
    apiHandler('get', '/ventes_valoriciels', ({ query }) => {
      queries.push(query.toString());
      return hydraCollection([sale(1, 'Acté'), sale(2, 'Désisté')], 2);
    }),
    apiHandler('get', '/ventes_valoriciels/year/{year}', ({ params, query }) => {
      yearQueries.push(query.toString());
      const sums = { optionsTotal: 1, bookingsTotal: 2, finance: 3, encours: 6, deedsTotal: 4 };
      return { year: Number(params.year), ...sums, total: 10 };
    }),
    apiHandler('get', '/consultants', ({ query }) => {
      const idCgp = query.get('idCgp') ?? '';
      // CGP0099 stands for an agent out of reach: the picker's scope leaves him out.
      const paul = { '@id': '/consultants/42', id: 42, idCgp, fullName: 'Paul Durand' };
      return idCgp === 'CGP0099' ? hydraCollection([], 0) : hydraCollection([paul], 1);
    }),
    apiHandler('get', '/clients', ({ query }) =>
      hydraCollection(query.get('id') === '9' ? [sale(1, 'Acté').client] : [], 1),
    ),
    apiHandler('get', '/sales/real-estate/tool', () => ({
      title: 'Unity',
      url: 'https://unity.example.fr/',
    })),
  );

  it("orders an agent's own sales by last action, shows statuses as badges, no agent column", async () => {
    renderScreen(<RealEstateSalesPage scope="mine" />, {
      url: '/my-sales/real-estate',
      components: ['my_sales_real_estate_page'],
    });
    const grid = await screen.findByRole('region', { name: 'Liste des ventes immobilier' });
    await waitFor(() => expect(grid).toHaveTextContent('Les Terrasses'));
    expect(queries.at(-1)).toBe('page=1&itemsPerPage=25&order%5BlastAction%5D=desc');
    expect(grid).not.toHaveTextContent('Claire Martin');
    expect(grid).toHaveTextContent('10/01/2026');
    expect(within(grid).getByText('Désisté')).toHaveClass('text-danger');
  });

  it('orders the network by exercice descending, with the agent column', async () => {
    const grid = await networkGrid('advStatus=Act%C3%A9');
    await waitFor(() => expect(grid).toHaveTextContent('Claire Martin (CGP0001)'));
    expect(queries.at(-1)).toBe(
      'advStatus=Act%C3%A9&page=1&itemsPerPage=25&order%5Bexercice%5D=desc',
    );
  });

  it("shows one agent's sales on his route: his name, 'Retour', no agent column or picker", async () => {
    renderScreen(<RealEstateSalesPage scope="network" agent="CGP0042" />, {
      app: 'staff',
      url: '/sales/real-estate/team/CGP0042',
      components: ['sales_real_estate_page', 'sales_real_estate_sum_sales'],
    });
    expect(
      await screen.findByRole('heading', { name: 'Ventes immobilier — Paul Durand' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute(
      'href',
      '/sales/real-estate',
    );
    const grid = screen.getByRole('region', { name: 'Liste des ventes immobilier' });
    await waitFor(() => expect(grid).toHaveTextContent('Les Terrasses'));
    expect(queries.at(-1)).toBe('page=1&itemsPerPage=25&order%5Bexercice%5D=desc&cgpId=CGP0042');
    expect(within(grid).queryByRole('columnheader', { name: /Mandataire/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Mandataire' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Client' })).toBeInTheDocument();
    // The totals are his too.
    const sums = screen.getByRole('region', { name: /^Immobilier de l’exercice/ });
    await waitFor(() => expect(sums).toHaveTextContent(/10\s€/));
    expect(yearQueries.at(-1)).toBe('cgpId=CGP0042');
  });

  it('links the agent column to his sales, remembering the filtered list for Retour', async () => {
    const grid = await networkGrid('advStatus=VNR');
    const agent = await within(grid).findAllByRole('link', { name: 'Claire Martin (CGP0001)' });
    expect(agent[0]).toHaveAttribute('href', '/sales/real-estate/team/CGP0001');
    expect(within(grid).getAllByRole('link', { name: 'Élodie Bernard' })[0]).toHaveAttribute(
      'href',
      '/sales/real-estate/clients/9',
    );
    fireEvent.click(agent[0]!);
    expect(window.location.pathname).toBe('/sales/real-estate/team/CGP0001');
    expect(history.state).toEqual({ backTo: '/sales/real-estate?advStatus=VNR' });
  });

  it('reads the agent and client filters from the URL and shows their names', async () => {
    renderScreen(<RealEstateSalesPage scope="network" />, {
      app: 'staff',
      url: '/sales/real-estate?cgpId=CGP0042&client.id=9',
      components: ['sales_real_estate_page'],
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Mandataire' })).toHaveValue('Paul Durand'),
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Client' })).toHaveValue('Bernard Élodie'),
    );
    expect(queries.at(-1)).toBe(
      'cgpId=CGP0042&client.id=9&page=1&itemsPerPage=25&order%5Bexercice%5D=desc',
    );
  });

  it('says when the client of the URL is out of reach', async () => {
    renderScreen(<RealEstateSalesPage scope="mine" />, {
      url: '/my-sales/real-estate?client.id=77',
      components: ['my_sales_real_estate_page'],
    });
    expect(await screen.findByText('Client introuvable.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Client' })).toHaveAccessibleDescription(
      'Client introuvable.',
    );
  });

  it('links the real-estate tool in a new tab behind its component', async () => {
    renderScreen(<RealEstateSalesPage scope="mine" />, {
      url: '/my-sales/real-estate',
      components: ['my_sales_real_estate_page', 'sales_real_estate_unity_page'],
    });
    const tool = await screen.findByRole('link', { name: 'Unity (nouvel onglet)' });
    expect(tool).toHaveAttribute('href', 'https://unity.example.fr/');
    expect(tool).toHaveAttribute('target', '_blank');
    expect(tool).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('says so, and nothing else, for an agent out of reach', async () => {
    renderScreen(<RealEstateSalesPage scope="mine" agent="CGP0099" />, {
      url: '/my-team/CGP0099/real-estate',
      components: ['team_detail_real_estate_page', 'sales_real_estate_export'],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce mandataire ne fait pas partie de votre équipe.',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Ventes immobilier — CGP0099',
    );
    expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute(
      'href',
      '/my-sales/real-estate',
    );
    expect(screen.queryByRole('button', { name: 'Exporter' })).toBeNull();
  });
});
