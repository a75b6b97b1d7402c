import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, useMockApi } from '../testing';
import { invoicesHandlers } from './handlers';
import { InvoicesPage } from './invoices-page';

describe('Mes Factures', () => {
  useMockApi(...invoicesHandlers);

  it('lists the rows the URL filters select', async () => {
    renderScreen(<InvoicesPage />, {
      app: 'agent',
      url: '/invoices?label=prem',
      components: ['invoices_page'],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mes Factures' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Premier')).toBeInTheDocument();
    expect(screen.queryByText('Deuxième')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Libellé' })).toHaveValue('prem');
  });
});
