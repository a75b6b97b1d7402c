import { handWritten } from '../contract.js';
import { accessOf } from '../access/principal-access.js';
import { customerInvestmentSales, customerRealEstateSales } from '../domain/customer-sales.js';
import { saleScopeOf } from '../domain/sale-scope.js';
import { principalOf } from '../auth/principal.js';
import { exportColumns, headed } from '../exports/columns.js';
import { xlsxAttachment } from '../exports/responses.js';
import { forbidden } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { type ExportColumn, xlsxWorkbookStream } from '../exports/xlsx.js';
import { clients, clientsExport, yearsOf } from '../resources/clients.js';
import { exportHandler, listHandler } from '../resources/handlers.js';
import { item } from '../resources/item.js';
import { clientPicker } from '../resources/pickers.js';
import type { Deps, HandlerMap } from '../deps.js';

type RealEstateRow = Awaited<ReturnType<typeof customerRealEstateSales>>[number];
type InvestmentRow = Awaited<ReturnType<typeof customerInvestmentSales>>[number];
const day = (value: string | null) => (value ? new Date(`${value}T00:00:00Z`) : null);

const { realEstate, investment } = exportColumns.exportCustomer;
const agentCell = (row: { consultant: { fullName: string; idCgp: string } }) =>
  `${row.consultant.fullName} (${row.consultant.idCgp})`;

const realEstateColumns = headed<ExportColumn<RealEstateRow>>()(realEstate, {
  lot: { value: (row) => row.lot },
  operationName: { value: (row) => row.operationName, width: 28 },
  valoricielId: { value: (row) => row.valoricielId },
  agent: { value: agentCell, width: 28 },
  remuneration: { value: (row) => row.baseRemuneration, format: 'euros' },
  status: { value: (row) => row.advStatus },
  optionDate: { value: (row) => day(row.optionDate), format: 'date' },
  bookingDate: { value: (row) => day(row.bookingSignatureDate), format: 'date' },
  bankDate: { value: (row) => day(row.bankAgreementDate), format: 'date' },
  deedDate: { value: (row) => day(row.deedDate), format: 'date' },
  cancellationDate: { value: (row) => day(row.cancellationDate), format: 'date' },
  exercice: { value: (row) => row.exercice, format: 'integer' },
});

const investmentColumns = headed<ExportColumn<InvestmentRow>>()(investment, {
  product: { value: (row) => row.typeProduitsFin.productName, width: 28 },
  provider: { value: (row) => row.typeProduitsFin.providerName, width: 22 },
  agent: { value: agentCell, width: 28 },
  amount: { value: (row) => row.amount, format: 'euros' },
  // Stored as a percent (2.5); the cell's format wants the ratio.
  fee: { value: (row) => row.fee / 100, format: 'percent' },
  subscriptionDate: { value: (row) => day(row.subscriptionDate), format: 'date' },
  orderNumber: { value: (row) => row.orderNumber },
  exercice: { value: (row) => row.exercice, format: 'integer' },
});

/** Customers, served by the resource layer (`resources/clients.ts`); two hand-written. */
export function customerHandlers({ db }: Deps): HandlerMap {
  return {
    listCustomers: listHandler(db, clients),
    listClientReferences: listHandler(db, clientPicker),
    exportCustomers: exportHandler(db, clientsExport),
    getCustomer: handWritten(
      'one record with its two sale lists, each shown only with its own component',
      async (context) => {
        const principal = principalOf(context);
        const request = { db, principal, query: context.query };
        const id = Number(context.params.id);
        // Out of the caller's scope: a 404 before anything else is read.
        const customer = await item(clients, id, request);
        const years = yearsOf(context.query);
        const { components } = await accessOf(db, principal);
        // An agent's and his downline's sales only, like the totals: another agent may have sold
        // to the same customer.
        const scope = await saleScopeOf(db, principal);
        const [realEstate, investment] = await Promise.all([
          components.has('customers_detail_real_instate')
            ? customerRealEstateSales(db, id, years, scope)
            : null,
          components.has('customers_detail_investment')
            ? customerInvestmentSales(db, id, years, scope)
            : null,
        ]);
        return { status: 200, body: { ...customer, realEstate, investment } };
      },
    ),
    exportCustomer: handWritten(
      "one record's workbook, 404 before any byte, a sheet per component held",
      async (context) => {
        const principal = principalOf(context);
        const id = Number(context.params.id);
        // Out of the caller's scope (or a bad year): answered before any byte of a file.
        await item(clients, id, { db, principal, query: context.query });
        const years = yearsOf(context.query);
        const { components } = await accessOf(db, principal);
        // The sales `GET /clients/{id}` shows: the caller's scope only.
        const scope = await saleScopeOf(db, principal);
        const sheets = [];
        if (components.has('customers_detail_real_instate'))
          sheets.push({
            name: 'Immobilier',
            columns: realEstateColumns,
            rows: await customerRealEstateSales(db, id, years, scope),
          });
        if (components.has('customers_detail_investment'))
          sheets.push({
            name: 'Placements',
            columns: investmentColumns,
            rows: await customerInvestmentSales(db, id, years, scope),
          });
        // A workbook needs a sheet: with neither list's component there is nothing to export.
        if (sheets.length === 0) throw forbidden(messages.accessDenied);
        return xlsxAttachment(context, 'client', xlsxWorkbookStream(sheets));
      },
    ),
  };
}
