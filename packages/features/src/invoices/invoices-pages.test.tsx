import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { CustomerInvoicesPage } from './customer-invoices-page';
import { dispatchRequest, dispatchRows, invoiceRows, invoicesHandlers } from './invoices.fixtures';
import { InvoicesDispatchPage } from './invoices-dispatch-page';
import { AgentInvoicesPage, InvoicesLibraryPage } from './invoices-library-page';

const customer = {
  '@id': '/clients/7',
  '@type': 'Client' as const,
  id: 7,
  clientId: 'CLI-7',
  clientLastName: 'Bernard',
  clientFirstName: 'Élodie',
  consultant: { '@id': '/consultants/2', id: 2, idCgp: 'CGP0002', fullName: 'Julien Lefebvre' },
  dueRealEstateTotalAmount: 0,
  outstandingRealEstateTotalAmount: 0,
  actedInvestmentsTotalAmount: 0,
  outstandingInvestmentsTotalAmount: 0,
  lastReminder: null,
  nextReminder: null,
  realEstate: null,
  investment: null,
};

describe('InvoicesLibraryPage', () => {
  useMockApi(...invoicesHandlers);

  it('browses years, then months, then the files of a month', async () => {
    renderScreen(<InvoicesLibraryPage scope="mine" />, {
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
    expect(screen.getByRole('button', { name: 'Télécharger le mois (zip)' })).not.toHaveAttribute(
      'data-track-document',
    );
    // Opening or downloading an invoice is a document for the usage analytics.
    const files = screen.getByRole('list', { name: 'Factures' });
    for (const item of within(files).getAllByRole('listitem')) {
      const [open, download] = within(item).getAllByRole('button');
      expect(open).toHaveAttribute('data-track-document', open!.textContent);
      expect(download).toHaveAttribute('data-track-document', open!.textContent);
    }
    const crumbs = screen.getByRole('navigation', { name: 'Fil d’Ariane' });
    expect(within(crumbs).getByText('Mes Factures')).toBeInTheDocument();
    expect(within(crumbs).getByText('Mars')).toBeInTheDocument();
  });
});

describe('InvoicesLibraryPage, the calls', () => {
  const calls: string[] = [];
  useMockApi(
    apiHandler('get', '/invoices/periods', ({ query }) => {
      calls.push(`periods?${query}`);
      return hydraCollection([{ year: 2026, month: null, count: 2 }]);
    }),
    apiHandler('get', '/invoices', ({ query }) => {
      calls.push(`invoices?${query}`);
      return hydraCollection(invoiceRows, invoiceRows.length);
    }),
    apiHandler('get', '/invoices/download', ({ query }) => {
      calls.push(`download?${query}`);
      return new Response('zip', { headers: { 'Content-Type': 'application/zip' } });
    }),
    apiHandler(
      'get',
      '/invoices/{id}/file',
      () => new Response('%PDF', { headers: { 'Content-Type': 'application/pdf' } }),
    ),
    apiHandler('get', '/cgp/{id}', () => ({
      '@id': '/cgp/CGP0001',
      '@type': 'Cgp',
      agent: {
        idCgp: 'CGP0001',
        firstname: 'Claire',
        lastname: 'Martin',
        fullName: 'Claire Martin',
        sponsor: null,
      },
    })),
  );
  const created: string[] = [];
  const revoked: string[] = [];
  const realUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  afterEach(() => {
    calls.length = 0;
    created.length = 0;
    revoked.length = 0;
    URL.createObjectURL = realUrl.create;
    URL.revokeObjectURL = realUrl.revoke;
    vi.restoreAllMocks();
  });
  const stubUrls = () => {
    URL.createObjectURL = () => {
      created.push(`blob:${created.length + 1}`);
      return created.at(-1)!;
    };
    URL.revokeObjectURL = (url: string) => void revoked.push(url);
  };

  it("names the agent's own CGP id in his list, periods and month zip", async () => {
    stubUrls();
    // The zip's download link, clicked by the browser only.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderScreen(<InvoicesLibraryPage scope="mine" />, {
      url: '/my-invoices/library?year=2026&month=3',
      components: ['my_invoices_page'],
      session: { cgpId: 'CGP0001' },
    });
    expect(await screen.findByText('Facture_CGP0001_2026-03.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger le mois (zip)' }));
    await vi.waitFor(() => expect(calls.some((call) => call.startsWith('download?'))).toBe(true));
    expect(calls).toEqual([
      'invoices?year=2026&month=3&user.cgpId=CGP0001&page=1&itemsPerPage=10',
      'download?year=2026&month=3&user.cgpId=CGP0001',
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'Mes Factures' }));
    await screen.findByRole('link', { name: '2026' });
    expect(calls.at(-1)).toBe('periods?user.cgpId=CGP0001');
  });

  it('lets a file opened in a new tab go once the page goes', async () => {
    stubUrls();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { unmount } = renderScreen(<InvoicesLibraryPage scope="mine" />, {
      url: '/my-invoices/library?year=2026&month=3',
      components: ['my_invoices_page'],
      session: { cgpId: 'CGP0001' },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Facture_CGP0001_2026-03.pdf' }),
    );
    await vi.waitFor(() => expect(tab.location.href).toBe('blob:1'));
    expect(revoked).toEqual([]);
    unmount();
    expect(revoked).toEqual(['blob:1']);
  });

  it("links each file's agent to his invoices on the network library", async () => {
    renderScreen(<InvoicesLibraryPage scope="network" />, {
      app: 'staff',
      url: '/invoices/library?year=2026&month=3',
      components: ['invoices_page'],
    });
    const files = await screen.findByRole('list', { name: 'Factures' });
    const agents = within(files).getAllByRole('link', { name: 'Martin Claire (CGP0001)' });
    expect(agents).toHaveLength(2);
    expect(agents[0]).toHaveAttribute('href', '/invoices/team/CGP0001');
  });

  it("titles one agent's invoices with his name, and does not link him to himself", async () => {
    renderScreen(<AgentInvoicesPage agentId="CGP0001" />, {
      app: 'staff',
      url: '/invoices/team/CGP0001?year=2026&month=3',
      components: ['invoices_page'],
    });
    expect(
      await screen.findByRole('heading', { name: 'Factures de Claire Martin', level: 1 }),
    ).toBeInTheDocument();
    const files = await screen.findByRole('list', { name: 'Factures' });
    expect(within(files).getAllByText('Martin Claire (CGP0001)')).toHaveLength(2);
    expect(within(files).queryByRole('link', { name: 'Martin Claire (CGP0001)' })).toBeNull();
    expect(calls[0]).toContain('user.cgpId=CGP0001');
  });
});

describe('InvoicesLibraryPage, empty', () => {
  useMockApi(
    apiHandler('get', '/invoices/periods', () => ({ 'hydra:member': [], 'hydra:totalItems': 0 })),
  );

  it("says 'Aucunes factures disponibles'", async () => {
    renderScreen(<InvoicesLibraryPage scope="mine" />, {
      url: '/my-invoices/library',
      components: ['my_invoices_page'],
    });
    expect(await screen.findByText('Aucunes factures disponibles')).toBeInTheDocument();
  });
});

describe('CustomerInvoicesPage, empty', () => {
  useMockApi(
    apiHandler('get', '/invoices/periods', () => hydraCollection([])),
    apiHandler('get', '/clients/{id}', () => customer),
  );

  it("keeps the spec's other spelling, 'disponnibles', on a customer's invoices", async () => {
    renderScreen(<CustomerInvoicesPage id="7" scope="mine" />, {
      url: '/my-invoices/clients/7',
      components: ['my_invoices_page'],
    });
    expect(
      await screen.findByRole('heading', { name: 'Factures — Bernard Élodie', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Aucunes factures disponnibles')).toBeInTheDocument();
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

describe('InvoicesDispatchPage, executing', () => {
  /** Request 3's status as the API answers it: waiting, then the test moves it on. */
  let status = 'WAITING';
  const followed: string[] = [];
  useMockApi(
    apiHandler('get', '/dispatch_invoices_requests', ({ query }) =>
      query.get('page') === '2'
        ? hydraCollection([dispatchRequest(20, 'COMPLETED')], 11)
        : hydraCollection([dispatchRequest(3, status), dispatchRequest(1, 'COMPLETED')], 11),
    ),
    apiHandler('get', '/dispatch_invoice_request/{id}', ({ params }) => {
      followed.push(String(params.id));
      return {
        ...dispatchRequest(Number(params.id), status),
        report: [],
      };
    }),
    apiHandler('post', '/dispatch_invoice_request/{id}/execute', () => {
      status = 'PROCESSING';
      return new Response(JSON.stringify(dispatchRequest(3, status)), {
        status: 202,
        headers: { 'Content-Type': 'application/ld+json' },
      });
    }),
  );
  afterEach(() => {
    followed.length = 0;
  });

  it.each([
    ['COMPLETED', 'Les factures on bien été dispatcher'],
    ['FAILED', 'Une erreur est survenue'],
  ])(
    'follows the executed request itself, on another page of the list too, until %s',
    async (end, message) => {
      status = 'WAITING';
      renderScreen(<InvoicesDispatchPage />, {
        app: 'staff',
        url: '/invoices/dispatch',
        components: ['invoices_dispatch_page'],
      });
      const list = await screen.findByRole('list', { name: 'Demandes de dispatch' });
      await userEvent.click(within(list).getByRole('button', { name: 'Exécuter la demande 3' }));
      const confirm = await screen.findByRole('dialog', { name: 'Exécuter la demande n° 3 ?' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Exécuter' }));
      expect(await screen.findByText('Exécution en cours…')).toBeInTheDocument();

      // Another page, where the running request is not: still followed.
      await userEvent.click(screen.getByRole('button', { name: 'Suivant' }));
      await screen.findByText('factures-20.zip · correspondance.xlsx');
      // The page is in the URL (a reload or the back button keeps it).
      expect(window.location.search).toBe('?page=2');
      status = end;
      expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.queryByText('Exécution en cours…')).toBeNull();
      expect(new Set(followed)).toEqual(new Set(['3']));
    },
    10_000,
  );
});

describe('InvoicesDispatchPage, executing with refusals', () => {
  let status = 'WAITING';
  const executed: string[] = [];
  const ended = { total: 4, processed: 4, filed: 2, refused: 2 };
  const report = [1, 2, 3, 4].map((line) => ({
    line,
    filename: `Facture_${line}.pdf`,
    cgpId: line <= 2 ? 'CGP0001' : 'CGP9999',
    year: 2026,
    month: 3,
    outcome: line <= 2 ? ('FILED' as const) : ('REFUSED' as const),
    reason: line <= 2 ? null : 'Mandataire inconnu : CGP9999.',
  }));
  useMockApi(
    apiHandler('get', '/dispatch_invoices_requests', () =>
      hydraCollection([dispatchRequest(3, status, status === 'WAITING' ? {} : ended)], 1),
    ),
    apiHandler('get', '/dispatch_invoice_request/{id}', () => ({
      ...dispatchRequest(3, status, status === 'WAITING' ? {} : ended),
      report: status === 'WAITING' ? [] : report,
    })),
    apiHandler('post', '/dispatch_invoice_request/{id}/execute', ({ params }) => {
      executed.push(String(params.id));
      status = 'COMPLETED';
      return new Response(JSON.stringify(dispatchRequest(3, 'PROCESSING')), {
        status: 202,
        headers: { 'Content-Type': 'application/ld+json' },
      });
    }),
  );

  it("asks before 'Exécuter', then says how many were filed and refused, the report one click away", async () => {
    renderScreen(<InvoicesDispatchPage />, {
      app: 'staff',
      url: '/invoices/dispatch',
      components: ['invoices_dispatch_page'],
    });
    const list = await screen.findByRole('list', { name: 'Demandes de dispatch' });
    const button = within(list).getByRole('button', { name: 'Exécuter la demande 3' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const confirm = await screen.findByRole('dialog', { name: 'Exécuter la demande n° 3 ?' });
    // The safe choice first: the request keeps waiting, the focus goes back to its button.
    expect(within(confirm).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
    expect(executed).toEqual([]);

    await userEvent.click(button);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Exécuter la demande n° 3 ?' })).getByRole(
        'button',
        { name: 'Exécuter' },
      ),
    );
    expect(executed).toEqual(['3']);
    expect(
      await screen.findByText(
        '2 factures classées, 2 refusées',
        { selector: '[role=alert] *, [role=alert]' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Les factures on bien été dispatcher')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Voir le rapport de la demande 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rapport de la demande n° 3' });
    expect(await within(dialog).findAllByText(/^Refusée : Mandataire inconnu/)).toHaveLength(2);
  }, 10_000);
});

describe("InvoicesDispatchPage, the files' types", () => {
  const sent: string[] = [];
  useMockApi(
    ...invoicesHandlers,
    apiHandler('post', '/dispatch_invoice_request', () => {
      sent.push('upload');
      return new Response(JSON.stringify(dispatchRequest(9, 'WAITING')), {
        status: 201,
        headers: { 'Content-Type': 'application/ld+json' },
      });
    }),
  );

  it('refuses a zip or a mapping of another type as it is chosen, next to its field, before any upload', async () => {
    // The browser's own filter (`accept`) is bypassed: a user may pick 'All files'.
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(<InvoicesDispatchPage />, {
      app: 'staff',
      url: '/invoices/dispatch',
      components: ['invoices_dispatch_page'],
    });
    const zipInput = await screen.findByLabelText('Factures (.zip)');
    const mappingInput = screen.getByLabelText('Correspondance (.xlsx)');
    await user.upload(zipInput, new File(['x'], 'factures.pdf', { type: 'application/pdf' }));
    await user.upload(mappingInput, new File(['a;b'], 'correspondance.csv', { type: 'text/csv' }));
    expect(zipInput).toHaveAccessibleDescription("Ce type de fichier n'est pas accepté.");
    expect(mappingInput).toHaveAccessibleDescription(
      expect.stringContaining("Ce type de fichier n'est pas accepté."),
    );
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(screen.getAllByText("Ce type de fichier n'est pas accepté.")).toHaveLength(2);
    expect(sent).toEqual([]);

    // The right types: the message goes, the files go up.
    await user.upload(zipInput, new File(['zip'], 'factures.zip', { type: 'application/zip' }));
    await user.upload(
      mappingInput,
      new File(['xlsx'], 'correspondance.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    expect(screen.queryByText("Ce type de fichier n'est pas accepté.")).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Le fichier à été importé.')).toBeInTheDocument();
    expect(sent).toEqual(['upload']);
  });
});
