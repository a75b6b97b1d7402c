import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { SponsorshipPage } from './sponsorship-page';

const row = (id: number, lastName: string, step: number) => ({
  '@id': `/reporting_inscriptions/${id}`,
  '@type': 'ReportingInscription' as const,
  id,
  firstName: 'Zoé',
  lastName,
  step,
  stepName: `Étape ${step}`,
  stepStatus: 'En cours' as const,
  document: null,
  documentStatut: null,
  sponsorId: 1,
  sponsorFirstName: 'Claire',
  sponsorLastName: 'Martin',
});

const calls: { path: string; query: string }[] = [];

describe('sponsorship tracking', () => {
  useMockApi(
    apiHandler('get', '/reporting_inscriptions', ({ query }) => {
      calls.push({ path: 'direct', query: query.toString() });
      return hydraCollection([row(1, 'Arnaud', 3)], 1);
    }),
    apiHandler('get', '/reporting_inscriptions/consultants', ({ query }) => {
      calls.push({ path: 'all', query: query.toString() });
      return hydraCollection([row(1, 'Arnaud', 3), row(2, 'Bertin', 7)], 2);
    }),
    apiHandler('get', '/reporting_inscriptions/steps', () => ({
      'hydra:member': Array.from({ length: 13 }, (_, i) => ({
        id: i + 1,
        label: `Étape ${i + 1}`,
      })),
      'hydra:totalItems': 13,
    })),
    apiHandler('get', '/reporting_inscriptions/{id}', ({ params }) => ({
      '@id': `/reporting_inscriptions/${params.id}`,
      '@type': 'ReportingInscription' as const,
      id: Number(params.id),
      firstName: 'Yann',
      lastName: 'Bertin',
      step: 7,
      sponsorFirstName: 'Julien',
      sponsorLastName: 'Lefebvre',
      steps: Array.from({ length: 13 }, (_, i) => ({
        id: i + 1,
        label: `Étape ${i + 1}`,
        status:
          i < 6 ? ('Terminé' as const) : i === 6 ? ('En cours' as const) : ('En attente' as const),
        document: i === 6 ? 'Attestation ORIAS' : null,
        documentStatut: i === 6 ? ('manquant' as const) : null,
      })),
    })),
  );

  it('sends each table its own page size and sort, the shared filters to both', async () => {
    calls.length = 0;
    renderScreen(<SponsorshipPage />, {
      url: '/my-team-sponsor?step=7&direct.itemsPerPage=5&order%5Bstep%5D=desc',
      components: ['team_sponsor_page'],
    });
    const all = await screen.findByRole('region', { name: 'Liste des filleuls de mes équipes' });
    await waitFor(() => expect(all).toHaveTextContent('Bertin'));
    const direct = calls.find((c) => c.path === 'direct')!.query;
    const team = calls.find((c) => c.path === 'all')!.query;
    expect(direct).toBe('step=7&page=1&itemsPerPage=5');
    expect(team).toBe('step=7&page=1&itemsPerPage=10&order%5Bstep%5D=desc');
    expect(within(all).getAllByRole('link', { name: 'Bertin' })[0]).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/my-team-sponsor\?(.*&)?selected=2(&|$)/),
    );
    expect(await screen.findByRole('option', { name: '13. Étape 13' })).toBeInTheDocument();
  });

  it("opens a registration's flow from the URL: 13 steps read in order, 'À venir' for waiting", async () => {
    renderScreen(<SponsorshipPage />, {
      url: '/my-team-sponsor?selected=2',
      components: ['team_sponsor_page'],
    });
    const flow = await screen.findByRole('region', {
      name: 'Parcours d’inscription de Yann Bertin',
    });
    const figure = within(flow).getByRole('figure');
    const steps = figure.querySelectorAll('ol > li');
    expect(steps).toHaveLength(13);
    expect(steps[6]).toHaveTextContent('Étape 7 : En cours, Attestation ORIAS : manquant');
    expect(steps[7]).toHaveTextContent('Étape 8 : À venir');
    expect(within(flow).getByText('Documents :')).toBeInTheDocument();
    await waitFor(() => expect(within(flow).getByRole('heading', { level: 2 })).toHaveFocus());
  });
});
