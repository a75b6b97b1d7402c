import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, useMockApi } from '../testing';
import { statisticsHandlers } from './handlers';
import { StatisticsPage } from './statistics-page';

describe('Statistiques', () => {
  useMockApi(...statisticsHandlers);

  it('lists the rows the URL filters select', async () => {
    renderScreen(<StatisticsPage />, {
      app: 'staff',
      url: '/statistics?label=prem',
      components: ['statistics_page'],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Statistiques' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Premier')).toBeInTheDocument();
    expect(screen.queryByText('Deuxième')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Libellé' })).toHaveValue('prem');
  });
});
