import { eq, type SQL } from 'drizzle-orm';
import { ownRowsScope } from '../access/scope.js';
import { agents, customers } from '../db/schema.js';
import { agentOwnedScope } from '../domain/agent-scope.js';
import { saleScopeForStatement, saleScopeOf } from '../domain/sale-scope.js';
import {
  customerActivity,
  customerTotalOrder,
  customerTotals,
  type CustomerTotals,
  TOTAL_ORDERS,
} from './client-totals.js';
import { exportColumns, headed } from '../exports/columns.js';
import { agentFullName, consultantFields, consultantReference } from './references.js';
import type {
  DeclaredColumn,
  ExportSpec,
  RequestContext,
  WritableField,
  WritableResourceSpec,
} from './types.js';
import { invalidValue } from './values.js';
import { withJsonLdIdentity } from './iris.js';

const fields = {
  id: customers.id,
  clientId: customers.clientId,
  lastName: customers.lastName,
  firstName: customers.firstName,
  zipCode: customers.zipCode,
  city: customers.city,
  birthDate: customers.birthDate,
  email: customers.email,
  phone: customers.phone,
  consultant: consultantFields,
};

type BaseRow = {
  [K in Exclude<keyof typeof fields, 'consultant'>]: (typeof fields)[K]['_']['data'];
} & { consultant: Parameters<typeof consultantReference>[0] };
type Row = BaseRow & Partial<CustomerTotals>;
export type CustomerRow = Row;

const SALE_TYPES = ['realEstate', 'investment'] as const;

/** `years=2024,2025` (or `years[]=…`): exercices, each a 4-digit year. */
export function yearsOf(query: Record<string, unknown>): number[] | undefined {
  const raw = query.years ?? query['years[]'];
  if (raw === undefined || raw === '') return undefined;
  const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(','));
  const years = parts.map((p) => p.trim()).filter((p) => p !== '');
  if (years.some((y) => !/^\d{4}$/.test(y))) throw invalidValue('years', raw);
  return years.length > 0 ? years.map(Number) : undefined;
}

const hasValue = (value: unknown) => value !== undefined && value !== '';

function saleTypeOf(query: Record<string, unknown>) {
  const type = query.type;
  if (type === undefined || type === '') return undefined;
  if (!SALE_TYPES.includes(type as never)) throw invalidValue('type', type);
  return type as (typeof SALE_TYPES)[number];
}

/**
 * Customers with a sale of the chosen type in the chosen exercices (both optional), a sale the
 * caller may see (his or his downline's for an agent): another agent's sale never makes his
 * customer match.
 */
async function activityFilter({ db, principal, query }: RequestContext): Promise<SQL | undefined> {
  const years = yearsOf(query);
  const type = saleTypeOf(query);
  if (!years && !type) return undefined;
  return customerActivity(customers.id, { years, type, scope: await saleScopeOf(db, principal) });
}

const text =
  (max: number): WritableField['parse'] =>
  (value) =>
    typeof value === 'string' && value.trim().length <= max
      ? { value: value.trim() }
      : { violation: `Cette valeur doit être un texte d’au plus ${max} caractères.` };

/** The totals the grid shows, sorted over the same exercices and sales as they are counted. */
const totalOrders = () =>
  Object.fromEntries(
    (Object.keys(TOTAL_ORDERS) as (keyof typeof TOTAL_ORDERS)[]).map((kind) => [
      kind,
      {
        of: async ({ db, principal, query }: RequestContext) =>
          customerTotalOrder(kind, customers.id, yearsOf(query), await saleScopeOf(db, principal)),
      },
    ]),
  );

/** Customers (`GET /clients/clients`), 10 per page, by last then first name. */
export const clients: WritableResourceSpec<typeof fields, Row> = {
  path: '/clients/clients',
  type: 'Client',
  table: customers,
  id: customers.id,
  fields,
  joins: { consultant: (q) => q.innerJoin(agents, eq(agents.id, customers.agentId)) },
  filters: [
    {
      kind: 'partial',
      param: 'lastName',
      expr: customers.lastName,
      folded: customers.lastNameFolded,
    },
    {
      kind: 'partial',
      param: 'firstName',
      expr: customers.firstName,
      folded: customers.firstNameFolded,
    },
    { kind: 'partial', param: 'zipCode', expr: customers.zipCode },
    { kind: 'exact', param: 'clientId', expr: customers.clientId },
    { kind: 'exact', param: 'consultant.id', expr: customers.agentId, valueType: 'integer' },
    { kind: 'date', param: 'birthDate', expr: customers.birthDate },
    // `years` (or `years[]`) alone, or `type` with or without them: one condition reading all,
    // applied once. `years[]` is a filter too, not only the totals' narrowing, so that a bad
    // value is refused here, before the first byte of an export, not by the totals in between.
    { kind: 'custom', param: 'type', apply: (_, context) => activityFilter(context) },
    {
      kind: 'custom',
      param: 'years',
      apply: (_, context) => (saleTypeOf(context.query) ? undefined : activityFilter(context)),
    },
    {
      kind: 'custom',
      param: 'years[]',
      apply: (_, context) =>
        saleTypeOf(context.query) || hasValue(context.query.years)
          ? undefined
          : activityFilter(context),
    },
  ],
  orders: {
    lastName: customers.lastName,
    firstName: customers.firstName,
    zipCode: customers.zipCode,
    clientId: customers.clientId,
    birthDate: customers.birthDate,
    city: customers.city,
    ...totalOrders(),
  },
  defaultOrder: [
    ['lastName', 'asc'],
    ['firstName', 'asc'],
  ],
  thenBy: [customers.firstName],
  pagination: { itemsPerPage: 10, maxItemsPerPage: 100, clientDisable: true, disabledCap: 500 },
  scope: agentOwnedScope(customers.agentId),
  writeScope: ownRowsScope(customers.agentId),
  async expand(rows, context) {
    const totals = await customerTotals(
      context.db,
      rows.map((r) => r.id),
      yearsOf(context.query),
      // The sale scope inside the totals' statement, unless the filters already read it.
      await saleScopeForStatement(context.db, context.principal),
    );
    // Into the rows (read for this request only): a spread of each costs ~6 µs on Node 20.
    return rows.map((row) => Object.assign(row, totals.get(row.id)!));
  },
  writable: {
    email: { column: customers.email, nullable: true, parse: text(180) },
    phone: { column: customers.phone, nullable: true, parse: text(30) },
    'address.zipCode': { column: customers.zipCode, nullable: true, parse: text(10) },
    'address.city': { column: customers.city, nullable: true, parse: text(120) },
    lastName: { column: customers.lastName, nullable: false, parse: text(120) },
    firstName: { column: customers.firstName, nullable: false, parse: text(120) },
  },
  serialize: (row) =>
    withJsonLdIdentity('/clients', 'Client', row.id, {
      clientId: row.clientId,
      clientLastName: row.lastName,
      clientFirstName: row.firstName,
      zipCode: row.zipCode,
      city: row.city,
      birthDate: row.birthDate,
      email: row.email,
      phone: row.phone,
      consultant: consultantReference(row.consultant),
      dueRealEstateTotalAmount: row.dueRealEstateTotalAmount ?? 0,
      outstandingRealEstateTotalAmount: row.outstandingRealEstateTotalAmount ?? 0,
      actedInvestmentsTotalAmount: row.actedInvestmentsTotalAmount ?? 0,
      outstandingInvestmentsTotalAmount: row.outstandingInvestmentsTotalAmount ?? 0,
      lastReminder: row.lastReminder ?? null,
      nextReminder: row.nextReminder ?? null,
    }),
};

/** A reminder as the grid shows it: 'dd/mm/yyyy · title'. */
const reminder = (value: { date: string; title: string } | null | undefined) =>
  value ? `${value.date.slice(0, 10).split('-').reverse().join('/')} · ${value.title}` : null;

/** The columns of the customers grid, the agent's only for staff (spec part 1 §2). */
const CUSTOMER_COLUMNS = headed<DeclaredColumn<CustomerRow>>()(exportColumns.exportCustomers, {
  clientId: { value: (row) => row.clientId },
  lastName: { value: (row) => row.lastName, width: 22 },
  firstName: { value: (row) => row.firstName, width: 20 },
  agent: {
    value: (row) => `${agentFullName(row.consultant)} (${row.consultant.cgpId})`,
    width: 30,
    audience: 'staff',
  },
  zipCode: { value: (row) => row.zipCode, width: 12 },
  city: { value: (row) => row.city },
  birthDate: {
    value: (row) => (row.birthDate ? new Date(`${row.birthDate}T00:00:00Z`) : null),
    format: 'date',
  },
  email: { value: (row) => row.email, width: 30 },
  phone: { value: (row) => row.phone },
  dueRealEstate: { value: (row) => row.dueRealEstateTotalAmount ?? 0, format: 'euros' },
  outstandingRealEstate: {
    value: (row) => row.outstandingRealEstateTotalAmount ?? 0,
    format: 'euros',
  },
  actedInvestments: { value: (row) => row.actedInvestmentsTotalAmount ?? 0, format: 'euros' },
  outstandingInvestments: {
    value: (row) => row.outstandingInvestmentsTotalAmount ?? 0,
    format: 'euros',
  },
  lastReminder: { value: (row) => reminder(row.lastReminder), width: 30 },
  nextReminder: { value: (row) => reminder(row.nextReminder), width: 30 },
});

/** `GET /clients/export`: the customers of the list, every one, with their totals. */
export const clientsExport: ExportSpec<typeof fields, Row> = {
  resource: clients,
  sheet: 'Clients',
  file: { label: 'clients' },
  columns: CUSTOMER_COLUMNS,
};
