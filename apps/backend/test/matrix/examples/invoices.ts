import { eq } from 'drizzle-orm';
import { agents, dispatchInvoiceRequests, invoices } from '../../../src/db/schema.js';
import { dispatchForm, handZip, invoicePdf, mappingXlsx } from '../../helpers/invoices.js';
import type { Fixtures } from '../roles.js';
import { nothingOutOfScope } from './shared.js';
import type { Example } from './types.js';

/** A fresh invoice of `cgpId` (Claire by default), its PDF in the file storage. */
async function invoiceOf(fx: Fixtures, cgpId = 'CGP0001') {
  const [agent] = await fx.ctx.db
    .select({ id: agents.id })
    .from(agents)
    .where(eq(agents.cgpId, cgpId));
  const filename = `matrice-${fx.unique()}.pdf`;
  const filePath = `invoices/dispatch/${filename}`;
  await fx.ctx.storage.put(filePath, invoicePdf(filename));
  const [row] = await fx.ctx.db
    .insert(invoices)
    .values({ agentId: agent!.id, year: 2020, month: 3, filename, filePath })
    .returning({ id: invoices.id, year: invoices.year, month: invoices.month });
  return row!;
}

/** A fresh waiting request, with no other one running (the rule allows one at a time). */
async function waitingRequest(fx: Fixtures) {
  await fx.ctx.db
    .update(dispatchInvoiceRequests)
    .set({ status: 'FAILED' })
    .where(eq(dispatchInvoiceRequests.status, 'PROCESSING'));
  const [row] = await fx.ctx.db
    .insert(dispatchInvoiceRequests)
    .values({
      invoicesFilePath: `invoices/dispatch/matrice-${fx.unique()}.zip`,
      mappingFilePath: `invoices/dispatch/matrice-${fx.unique()}.xlsx`,
    })
    .returning({ id: dispatchInvoiceRequests.id });
  return row!.id;
}

const STAFF_ONLY = 'staff only: agents never dispatch invoices';

export const invoicesExamples: Record<string, Example> = {
  'main:listInvoices': {
    request: () => ({ path: '/invoices?itemsPerPage=5' }),
    foreign: {
      request: ({ fx }) => ({ path: `/invoices?user.cgpId=${fx.foreignCgpId}` }),
      status: 200,
      check: nothingOutOfScope,
    },
  },
  'main:listInvoicePeriods': {
    request: () => ({ path: '/invoices/periods' }),
    foreign: {
      request: ({ fx }) => ({ path: `/invoices/periods?user.cgpId=${fx.foreignCgpId}` }),
      status: 200,
      check: nothingOutOfScope,
    },
  },
  'main:downloadInvoices': {
    request: async ({ fx }) => {
      const { year, month } = await invoiceOf(fx);
      return { path: `/invoices/download?year=${year}&month=${month}&user.cgpId=CGP0001` };
    },
    foreign: {
      request: async ({ fx }) => {
        const { year, month } = await invoiceOf(fx, fx.foreignCgpId);
        return {
          path: `/invoices/download?year=${year}&month=${month}&user.cgpId=${fx.foreignCgpId}`,
        };
      },
      status: 403,
    },
  },
  'main:getInvoice': {
    request: async ({ fx }) => ({ path: `/invoices/${(await invoiceOf(fx)).id}` }),
    foreign: {
      request: async ({ fx }) => ({
        path: `/invoices/${(await invoiceOf(fx, fx.foreignCgpId)).id}`,
      }),
      status: 404,
    },
  },
  'main:downloadInvoice': {
    request: async ({ fx }) => ({ path: `/invoices/${(await invoiceOf(fx)).id}/file` }),
    foreign: {
      request: async ({ fx }) => ({
        path: `/invoices/${(await invoiceOf(fx, fx.foreignCgpId)).id}/file`,
      }),
      status: 404,
    },
  },
  'main:createDispatchInvoiceRequest': {
    request: async () => ({
      path: '/dispatch_invoice_request',
      ...(await dispatchForm(
        handZip([{ name: 'a.pdf', data: invoicePdf('a') }]),
        await mappingXlsx([['a.pdf', 'CGP0001', 2026, 1]]),
      )),
    }),
    foreign: STAFF_ONLY,
  },
  'main:listDispatchInvoiceRequests': {
    request: () => ({ path: '/dispatch_invoices_requests' }),
    foreign: STAFF_ONLY,
  },
  'main:getDispatchInvoiceRequest': {
    request: async ({ fx }) => ({ path: `/dispatch_invoice_request/${await waitingRequest(fx)}` }),
    foreign: STAFF_ONLY,
  },
  'main:cancelDispatchInvoiceRequest': {
    request: async ({ fx }) => ({
      path: `/dispatch_invoice_request/${await waitingRequest(fx)}/cancel`,
      body: {},
    }),
    foreign: STAFF_ONLY,
  },
  'main:executeDispatchInvoiceRequest': {
    request: async ({ fx }) => ({
      path: `/dispatch_invoice_request/${await waitingRequest(fx)}/execute`,
      body: {},
    }),
    foreign: STAFF_ONLY,
  },
  'main:dispatchMappingTemplate': {
    request: () => ({ path: '/dispatch_invoice_request/template' }),
    foreign: STAFF_ONLY,
  },
};
