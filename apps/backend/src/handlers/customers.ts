import { accessOf } from '../access/principal-access.js';
import { customerInvestmentSales, customerRealEstateSales } from '../domain/customer-sales.js';
import { principalOf } from '../auth/principal.js';
import { xlsxAttachment } from '../exports/responses.js';
import { xlsxStream, type ExportColumn } from '../exports/xlsx.js';
import { clients, type CustomerRow, yearsOf } from '../resources/clients.js';
import { exportRows } from '../resources/export-rows.js';
import { listHandler } from '../resources/handlers.js';
import { item } from '../resources/item.js';
import { clientPicker } from '../resources/pickers.js';
import type { Deps, HandlerMap } from './deps.js';

const reminder = (value: { date: string; title: string } | null | undefined) =>
  value ? `${value.date.slice(0, 10).split('-').reverse().join('/')} ${value.title}` : null;

/** The columns of the customers grid, the agent's only for staff (spec part 1 §2). */
function customerColumns(withAgent: boolean): ExportColumn<CustomerRow>[] {
  return [
    { header: 'Identifiant client', value: (row) => row.clientId },
    { header: 'Nom', value: (row) => row.lastName, width: 22 },
    { header: 'Prénom', value: (row) => row.firstName, width: 20 },
    ...(withAgent
      ? [
          {
            header: 'Mandataire',
            value: (row: CustomerRow) =>
              `${row.consultant.lastname} ${row.consultant.firstname} (${row.consultant.cgpId})`,
            width: 30,
          },
        ]
      : []),
    { header: 'Code postal', value: (row) => row.zipCode, width: 12 },
    { header: 'Ville', value: (row) => row.city },
    {
      header: 'Date de naissance',
      value: (row) => (row.birthDate ? new Date(`${row.birthDate}T00:00:00Z`) : null),
      format: 'date',
    },
    { header: 'E-mail', value: (row) => row.email, width: 30 },
    { header: 'Téléphone', value: (row) => row.phone },
    {
      header: 'Immobilier acté',
      value: (row) => row.dueRealEstateTotalAmount ?? 0,
      format: 'euros',
    },
    {
      header: 'Immobilier en cours',
      value: (row) => row.outstandingRealEstateTotalAmount ?? 0,
      format: 'euros',
    },
    {
      header: 'Placements validés',
      value: (row) => row.actedInvestmentsTotalAmount ?? 0,
      format: 'euros',
    },
    {
      header: 'Placements en cours',
      value: (row) => row.outstandingInvestmentsTotalAmount ?? 0,
      format: 'euros',
    },
    { header: 'Dernier rappel', value: (row) => reminder(row.lastReminder), width: 30 },
    { header: 'Prochain rappel', value: (row) => reminder(row.nextReminder), width: 30 },
  ];
}

/** Customers, served by the resource layer (`resources/clients.ts`). */
export function customerHandlers({ db }: Deps): HandlerMap {
  return {
    listCustomers: listHandler(db, clients),
    listClientReferences: listHandler(db, clientPicker),
    getCustomer: async (context) => {
      const principal = principalOf(context);
      const request = { db, principal, query: context.query };
      const id = Number(context.params.id);
      // Out of the caller's scope: a 404 before anything else is read.
      const customer = await item(clients, id, request);
      const years = yearsOf(context.query);
      const { components } = await accessOf(db, principal);
      const [realEstate, investment] = await Promise.all([
        components.has('customers_detail_real_instate')
          ? customerRealEstateSales(db, id, years)
          : null,
        components.has('customers_detail_investment')
          ? customerInvestmentSales(db, id, years)
          : null,
      ]);
      return { status: 200, body: { ...customer, realEstate, investment } };
    },
    exportCustomers: async (context) => {
      const principal = principalOf(context);
      const request = { db, principal, query: context.query };
      const rows = await exportRows(clients, request);
      const { isAgent } = await accessOf(db, principal);
      const file = xlsxStream({ sheetName: 'Clients', columns: customerColumns(!isAgent), rows });
      return xlsxAttachment(context, 'clients', file);
    },
  };
}
