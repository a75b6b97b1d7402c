import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { exerciceOf } from '../common';
import { apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { TeamTrainingPage } from './team-training-page';

const calls: { path: string; query: string }[] = [];
const event = {
  '@id': '/events/1',
  '@type': 'TeamEvent',
  id: '5b1c8a52-8b1e-4c2b-9d0e-0f3a4b5c6d7e',
  exercice: 2026,
  consultant: { fullName: 'Julien Lefebvre', idCgp: 'CGP0002' },
  parrain: 'Claire Martin',
  formation: null,
  event: 'Convention annuelle du réseau',
  ville: 'Paris',
  dateDebut: '2026-06-20',
  statutParticipant: 'HOST' as const,
  statutInscription: 'Inscrit',
  registerDate: '2023-05-04T09:00:00Z',
  validationFormation: true,
};

describe('team training report', () => {
  useMockApi(
    apiHandler('get', '/events/team', ({ query }) => {
      calls.push({ path: 'team', query: query.toString() });
      return hydraCollection([event], 1);
    }),
    apiHandler('get', '/events/count', ({ query }) => {
      calls.push({ path: 'count', query: query.toString() });
      return hydraCollection(
        [
          {
            '@type': 'TeamEventCount',
            id: 2,
            idCgp: 'CGP0002',
            fullName: 'Julien Lefebvre',
            parrain: 'Claire Martin',
            formations: 10,
            events: 3,
            total: 13,
          },
        ],
        1,
      );
    }),
  );

  it('asks both tables for the current exercice, then for the filters chosen', async () => {
    calls.length = 0;
    const user = userEvent.setup();
    renderScreen(<TeamTrainingPage />, {
      url: '/my-training-team',
      components: ['training_team_page', 'training_team_export'],
    });
    const counts = await screen.findByRole('region', {
      name: 'Formations et événements par consultant',
    });
    await waitFor(() => expect(counts).toHaveTextContent('10 / 10'));
    const current = exerciceOf(new Date());
    expect(calls.find((c) => c.path === 'count')!.query).toBe(
      `exercice=${current}&page=1&itemsPerPage=10`,
    );
    const details = screen.getByRole('region', { name: 'Participations de l’équipe' });
    await waitFor(() => expect(details).toHaveTextContent('Animateur'));
    expect(screen.getByRole('button', { name: 'Export formation équipe' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export détail équipe' })).toBeInTheDocument();

    calls.length = 0;
    const filters = screen.getByRole('search', { name: 'Filtres des formations de l’équipe' });
    await user.click(within(filters).getByRole('button', { name: 'Tous' }));
    await user.selectOptions(within(filters).getByLabelText('Statut participant'), 'TRAINER');
    await user.selectOptions(within(filters).getByLabelText('Validation de la formation'), 'false');
    await user.click(within(filters).getByRole('button', { name: 'Filtrer' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'team')?.query).toBe(
        'statut_participant=TRAINER&validationFormation=false&page=1&itemsPerPage=25',
      ),
    );
    expect(window.location.search).toContain('exercice=tous');
  });
});
