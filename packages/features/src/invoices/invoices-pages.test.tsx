import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiHandler, renderScreen, useMockApi } from '../testing';
import { dispatchRows, invoicesHandlers } from './invoices.fixtures';
import { InvoicesDispatchPage } from './invoices-dispatch-page';
import { InvoicesLibraryPage } from './invoices-library-page';

describe('InvoicesLibraryPage', () => {
  useMockApi(...invoicesHandlers);

  it('browses years, then months, then the files of a month', async () => {
    renderScreen(<InvoicesLibraryPage audience="mine" />, {
      url: '/my-invoices/library',
      components: ['my_invoices_page'],
    });
    const years = await screen.findByRole('list', { name: 'Factures' });
    expect(
      within(years)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['2026', '2025']);
    await userEvent.click(within(years).getByRole('link', { name: '2026' }));
    const months = await screen.findByRole('link', { name: 'Mars' });
    await userEvent.click(months);
    expect(await screen.findByText('Facture_CGP0001_2026-03.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger le mois (zip)' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Fil d’Ariane' });
    expect(within(crumbs).getByText('Mes Factures')).toBeInTheDocument();
    expect(within(crumbs).getByText('Mars')).toBeInTheDocument();
  });
});

describe('InvoicesLibraryPage, empty', () => {
  useMockApi(
    apiHandler('get', '/invoices/periods', () => ({ 'hydra:member': [], 'hydra:totalItems': 0 })),
  );

  it("says 'Aucunes factures disponibles'", async () => {
    renderScreen(<InvoicesLibraryPage audience="mine" />, {
      url: '/my-invoices/library',
      components: ['my_invoices_page'],
    });
    expect(await screen.findByText('Aucunes factures disponibles')).toBeInTheDocument();
  });
});

describe('InvoicesDispatchPage', () => {
  useMockApi(...invoicesHandlers);

  it('lists the requests with their statuses, Exécuter on the waiting one only, and requires both files', async () => {
    renderScreen(<InvoicesDispatchPage />, {
      url: '/invoices/dispatch',
      components: ['invoices_dispatch_page'],
    });
    const list = await screen.findByRole('list', { name: 'Demandes de dispatch' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(dispatchRows.length);
    expect(within(items[0]!).getByText('En attente')).toBeInTheDocument();
    expect(within(items[1]!).getByText('En cours')).toBeInTheDocument();
    expect(within(items[1]!).getByText('50 / 200 fichiers')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Complétée')).toBeInTheDocument();
    expect(within(items[3]!).getByText('Inconnue')).toBeInTheDocument();
    expect(within(list).getAllByRole('button', { name: /^Exécuter/ })).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(screen.getAllByText('Ce champ est obligatoire.')).toHaveLength(2);
  });
});

describe('InvoicesDispatchPage, cancelling', () => {
  const cancelled: string[] = [];
  useMockApi(
    ...invoicesHandlers,
    apiHandler('post', '/dispatch_invoice_request/{id}/cancel', ({ params }) => {
      cancelled.push(String(params.id));
      return new Response(JSON.stringify({ ...dispatchRows[0]!, status: 'CANCELLED' }), {
        status: 200,
        headers: { 'Content-Type': 'application/ld+json' },
      });
    }),
  );

  it("asks before 'Annuler', by keyboard, and cancels the waiting request only once confirmed", async () => {
    renderScreen(<InvoicesDispatchPage />, {
      url: '/invoices/dispatch',
      components: ['invoices_dispatch_page'],
    });
    const list = await screen.findByRole('list', { name: 'Demandes de dispatch' });
    const buttons = within(list).getAllByRole('button', { name: /^Annuler/ });
    expect(buttons).toHaveLength(1);
    buttons[0]!.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Annuler la demande n° 3 ?' });
    // The safe choice first: keeping the request.
    expect(within(dialog).getByRole('button', { name: 'Conserver' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Conserver' }));
    expect(cancelled).toEqual([]);

    await userEvent.click(within(list).getByRole('button', { name: /^Annuler/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Annuler la demande' }));
    expect(await screen.findByText('La demande a été annulée.')).toBeInTheDocument();
    expect(cancelled).toEqual(['3']);
  });
});
