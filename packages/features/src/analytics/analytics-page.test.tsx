import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, useMockApi } from '../testing';
import { analyticsHandlers } from './handlers';
import { AnalyticsPage } from './analytics-page';

describe('Utilisateurs suivis', () => {
  useMockApi(...analyticsHandlers);

  it('lists the rows the URL filters select', async () => {
    renderScreen(<AnalyticsPage />, {
      app: 'staff',
      url: '/analytics?label=prem',
      components: ['analytics_page'],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Utilisateurs suivis' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Premier')).toBeInTheDocument();
    expect(screen.queryByText('Deuxième')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Libellé' })).toHaveValue('prem');
  });
});
