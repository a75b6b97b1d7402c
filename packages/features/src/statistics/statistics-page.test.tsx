import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen, useMockApi } from '../testing';
import { StaffDashboard } from './dashboard';
import { statisticsCalls, statisticsHandlers } from './handlers';
import { StatisticsTauxUcPage, StatisticsTeamPage } from './statistics-page';

const STAFF = {
  app: 'staff' as const,
  components: ['statistics_taux_uc_page', 'statistics_team_page', 'staff_home_page'],
};

describe('statistics screens', () => {
  useMockApi(...statisticsHandlers);

  it('draws each figure with its table, the filters in the URL', async () => {
    const user = userEvent.setup();
    statisticsCalls.length = 0;
    renderScreen(<StatisticsTauxUcPage />, { ...STAFF, url: '/statistiques/taux-uc' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Taux UC' })).toBeVisible();
    const rates = await screen.findByRole('table', { name: 'Taux UC par mois (%)' });
    expect(within(rates).getAllByRole('row')[3]).toHaveTextContent('Mars25 %');
    // An empty figure says so instead of an empty chart.
    expect(screen.getByText('Aucune donnée pour cette année.')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Fournisseur'), 'Corum');
    await screen.findByRole('table', { name: 'Taux UC par mois (%)' });
    expect(statisticsCalls.at(-1)).toMatch(/providerId=1/);
  });

  it('says the spec’s failure message when the figures fail', async () => {
    renderScreen(<StatisticsTeamPage />, { ...STAFF, url: '/statistiques/team' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Une erreur est survenue');
  });

  it('shows the dashboard figures the server sends, each a link', async () => {
    renderScreen(<StaffDashboard />, { ...STAFF, url: '/accueil' });
    // The cards stand empty until the answer (no layout shift): wait for the figures.
    await screen.findByText('9 l’an dernier à la même date');
    const agents = screen.getByRole('link', { name: /Nouveaux mandataires/ });
    expect(agents).toHaveAttribute('href', '/statistiques/team');
    expect(agents).toHaveTextContent('9 l’an dernier à la même date');
    expect(screen.getByRole('link', { name: /Demandes de modification en étude/ })).toHaveAttribute(
      'href',
      '/library/demandes-modification?status=en%20%C3%A9tude',
    );
    expect(screen.queryByText(/Utilisateurs connectés/)).toBeNull();
  });
});
