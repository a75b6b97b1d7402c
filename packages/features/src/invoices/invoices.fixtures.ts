import type { DispatchInvoiceRequest, Invoice } from '@portal/api/invoices';
import { apiHandler, hydraCollection } from '../testing';

/** Two invoices of March 2026, for the screen tests. */
export const invoiceRows: Invoice[] = [
  'Facture_CGP0001_2026-03.pdf',
  'Avoir_CGP0001_2026-03.pdf',
].map((filename, i) => ({
  '@id': `/invoices/${i + 1}`,
  '@type': 'Invoice',
  id: i + 1,
  year: 2026,
  month: 3,
  filename,
  createdAt: '2026-03-28T06:00:00Z',
  user: { firstName: 'Claire', lastName: 'Martin', cgpId: 'CGP0001' },
}));

/** One dispatch request (`extra` overrides its counts, dates…). */
export const dispatchRequest = (
  id: number,
  status: string,
  extra: Partial<DispatchInvoiceRequest> = {},
): DispatchInvoiceRequest => ({
  '@id': `/dispatch_invoice_request/${id}`,
  '@type': 'DispatchInvoiceRequest',
  id,
  status: status as DispatchInvoiceRequest['status'],
  createdAt: '2026-11-20T09:00:00Z',
  completedAt: null,
  invoicesFileName: `factures-${id}.zip`,
  mappingFileName: 'correspondance.xlsx',
  total: null,
  processed: 0,
  filed: 0,
  refused: 0,
  error: null,
  ...extra,
});

export const dispatchRows = [
  dispatchRequest(3, 'WAITING'),
  dispatchRequest(2, 'PROCESSING', { total: 200, processed: 50, filed: 50 }),
  dispatchRequest(1, 'COMPLETED', { total: 2, processed: 2, filed: 1, refused: 1 }),
  dispatchRequest(0, 'ARCHIVED'),
];

/** The MSW handlers of the area: periods by year then month, one month's files, the requests. */
export const invoicesHandlers = [
  apiHandler('get', '/invoices/periods', ({ query }) =>
    hydraCollection(
      query.get('year')
        ? [{ year: 2026, month: 3, count: 2 }]
        : [
            { year: 2026, month: null, count: 2 },
            { year: 2025, month: null, count: 12 },
          ],
    ),
  ),
  apiHandler('get', '/invoices', () => hydraCollection(invoiceRows, invoiceRows.length)),
  apiHandler('get', '/dispatch_invoices_requests', () =>
    hydraCollection(dispatchRows, dispatchRows.length),
  ),
];
