import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { AgentDetailPage } from './agent-detail-page';
import { TeamPage } from './team-page';

const row = (id: number, idCgp: string, fullName: string) => ({
  '@id': `/cgp/${idCgp}`,
  '@type': 'TeamSales' as const,
  id,
  idCgp,
  fullName,
  sponsor: 'Claire Martin',
  sponsorIdCgp: 'CGP0001',
  currentImmo: 210000,
  finishImmo: 200000,
  currentInvest: 5000,
  finishInvest: 12000,
  vlp: -1500,
  vavc: 210500,
  vave: 300000,
});
const summary = (kind: 'immobilier' | 'placement') => ({
  kind,
  year: 2027,
  optionsTotal: 1000,
  bookingsTotal: 2000,
  finance: 3000,
  encours: 6000,
  deedsTotal: 4000,
  vlpTotal: kind === 'placement' ? 700 : 0,
  total: 10000,
});

const calls: { path: string; query: string }[] = [];

/** The agent's team at `url`, the API calls recorded from the start. */
function openMyTeam(url: string) {
  calls.length = 0;
  renderScreen(<TeamPage scope="mine" />, { url, components: ['my_team_page'] });
}

describe('team screens', () => {
  useMockApi(
    apiHandler('get', '/cgps/teams/sales/direct', ({ query }) => {
      calls.push({ path: 'direct', query: query.toString() });
      return hydraCollection([row(2, 'CGP0002', 'Julien Lefebvre')], 1);
    }),
    apiHandler('get', '/cgps/teams/sales', ({ query }) => {
      calls.push({ path: 'all', query: query.toString() });
      return hydraCollection(
        [row(2, 'CGP0002', 'Julien Lefebvre'), row(4, 'CGP0004', 'Lucas Petit')],
        2,
      );
    }),
    apiHandler('get', '/cgps/year/{year}', ({ query }) => {
      calls.push({ path: 'year', query: query.toString() });
      return { 'hydra:member': [summary('immobilier'), summary('placement')] };
    }),
    apiHandler('get', '/consultants', ({ query }) =>
      hydraCollection(
        query.get('idCgp') === 'CGP0002'
          ? [{ '@id': '/consultants/2', id: 2, idCgp: 'CGP0002', fullName: 'Julien Lefebvre' }]
          : [],
      ),
    ),
    apiHandler('get', '/cgps/teams/agents', ({ query }) => {
      calls.push({ path: 'team agents', query: query.toString() });
      return hydraCollection([]);
    }),
    apiHandler('get', '/temp_cgps', ({ query }) => {
      calls.push({ path: 'sponsors', query: query.toString() });
      return hydraCollection([]);
    }),
    apiHandler('get', '/cgp/{id}', ({ params }) =>
      params.id === 'CGP0002'
        ? {
            '@id': '/cgp/CGP0002',
            '@type': 'Cgp',
            agent: {
              idCgp: 'CGP0002',
              firstname: 'Julien',
              lastname: 'Lefebvre',
              fullName: 'Julien Lefebvre',
              sponsor: { fullName: 'Claire Martin', idCgp: 'CGP0001' },
              birthday: '1985-11-26',
              registerDate: '2023-05-04',
              phoneNumber: '0612345678',
              email: 'julien.lefebvre@reseau-patrimoine.fr',
              habilitationIobsp: true,
              habilitationIas: false,
              habilitationCif: true,
              oriasNumber: '12589123',
              oriasEndOfValidity: '2027-09-03',
              branchesActives: ['Immobilier', 'Placement'],
              vavcTotal: 654800,
              level: 2,
              qualification: 'Conseiller confirmé',
            },
          }
        : apiError(404, 'Not Found'),
    ),
  );

  it("shows an agent's team: cards over the team, both tables, the agent linked to his detail", async () => {
    renderScreen(<TeamPage scope="mine" />, {
      url: '/my-team',
      components: ['my_team_page', 'team_export'],
    });
    const all = await screen.findByRole('region', { name: 'Liste des mandataires des équipes' });
    await waitFor(() => expect(all).toHaveTextContent('Lucas Petit'));
    expect(
      within(screen.getByRole('region', { name: 'Liste des filleuls directs' })).getAllByRole(
        'link',
        { name: 'Julien Lefebvre (CGP0002)' },
      )[0],
    ).toHaveAttribute('href', '/my-team/CGP0002');
    expect(calls.find((c) => c.path === 'year')!.query).toBe('team=true');
    expect(calls.find((c) => c.path === 'direct')!.query).toMatch(
      /^year=\d{4}&page=1&itemsPerPage=10$/,
    );
    for (const label of [
      'Exporter l’équipe',
      'Exporter les données',
      'Exporter l’immobilier',
      'Exporter les placements',
    ])
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: /^Placement — exercice \d{4}$/ }),
    ).toBeInTheDocument();
  });

  it("reads each table's page and sort from its own URL keys", async () => {
    openMyTeam('/my-team?direct.order%5Bvave%5D=desc&direct.page=2&order%5Bvlp%5D=asc');
    const direct = await screen.findByRole('region', { name: 'Liste des filleuls directs' });
    await waitFor(() => expect(direct).toHaveTextContent('Julien Lefebvre'));
    const directQuery = calls.find((c) => c.path === 'direct')!.query;
    const allQuery = calls.find((c) => c.path === 'all')!.query;
    expect(directQuery).toContain('order%5Bvave%5D=desc');
    expect(directQuery).toContain('page=2');
    expect(directQuery).not.toContain('vlp');
    expect(allQuery).toContain('order%5Bvlp%5D=asc');
    expect(allQuery).toContain('page=1');
    expect(allQuery).not.toContain('vave');
  });

  it('gives the cards the agent-or-sponsor filter: his team, or the agent alone', async () => {
    openMyTeam('/my-team?cgpId=CGP0002');
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'year')?.query).toBe('agentId=CGP0002&team=true'),
    );
    openMyTeam('/my-team?cgpId=CGP0002&type=agent');
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'year')?.query).toBe('agentId=CGP0002&team=false'),
    );
  });

  it("looks among the sponsors of the agent's team for 'Son équipe (parrain)', else the team", async () => {
    calls.length = 0;
    const user = userEvent.setup();
    renderScreen(<TeamPage scope="mine" agent="CGP0002" />, {
      url: '/my-team/CGP0002/team',
      components: ['my_team_page'],
    });
    await screen.findByRole('heading', { name: /Julien Lefebvre/, level: 1 });
    const picker = screen.getByRole('combobox', { name: 'Mandataire ou parrain' });
    await user.type(picker, 'Petit');
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'sponsors')?.query).toBe(
        'fullName=Petit&pagination=false&fromAgent=CGP0002',
      ),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Afficher' }), 'agent');
    await user.clear(picker);
    await user.type(picker, 'Lucas');
    await waitFor(() => expect(calls.some((c) => c.path === 'team agents')).toBe(true));
  }, 20_000);

  it('gives staff one export and no direct table on the network view', async () => {
    renderScreen(<TeamPage scope="network" />, {
      url: '/team',
      components: ['team_page', 'team_export'],
    });
    await screen.findByRole('region', { name: 'Liste des mandataires des équipes' });
    expect(screen.getByRole('button', { name: 'Exporter' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Exporter l’équipe' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Liste des filleuls directs' })).toBeNull();
  });

  it("shows an agent's detail with his profile, and a clear message out of reach", async () => {
    renderScreen(<AgentDetailPage scope="mine" agentId="CGP0002" />, {
      url: '/my-team/CGP0002',
      components: ['team_detail_page', 'team_detail_infos', 'team_detail_real_estate_page'],
    });
    expect(
      await screen.findByRole('heading', { name: 'Julien Lefebvre (CGP0002)', level: 1 }),
    ).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: 'Informations' });
    expect(within(profile).getByRole('img', { name: 'Niveau 2 sur 3' })).toBeInTheDocument();
    expect(within(profile).getByRole('checkbox', { name: 'IAS' })).not.toBeChecked();
    expect(within(profile).getByText('26/11/1985')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir son équipe' })).toHaveAttribute(
      'href',
      '/my-team/CGP0002/team',
    );
    expect(screen.getByRole('link', { name: 'Voir ses ventes placement' })).toHaveAttribute(
      'href',
      '/my-team/CGP0002/investment',
    );
  });

  it("links staff to the agent's invoices when they hold invoices_page, and agents never", async () => {
    const { unmount } = renderScreen(<AgentDetailPage scope="network" agentId="CGP0002" />, {
      app: 'staff',
      url: '/team/CGP0002',
      components: ['team_detail_page', 'invoices_page'],
    });
    expect(await screen.findByRole('link', { name: 'Factures' })).toHaveAttribute(
      'href',
      '/invoices/team/CGP0002',
    );
    unmount();
    renderScreen(<AgentDetailPage scope="mine" agentId="CGP0002" />, {
      url: '/my-team/CGP0002',
      components: ['team_detail_page', 'invoices_page'],
    });
    await screen.findByRole('heading', { name: 'Julien Lefebvre (CGP0002)', level: 1 });
    expect(screen.queryByRole('link', { name: 'Factures' })).toBeNull();
  });

  it('says so when the agent is not in the team', async () => {
    renderScreen(<AgentDetailPage scope="mine" agentId="CGP0003" />, {
      url: '/my-team/CGP0003',
      components: ['team_detail_page'],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce mandataire ne fait pas partie de votre équipe.',
    );
  });
});
