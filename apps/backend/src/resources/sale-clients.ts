import { and, eq, sql, type Column } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import {
  agents,
  customers,
  financialProducts,
  financialProviders,
  realEstateSales,
} from '../db/schema.js';
import { intArray } from '../db/int-array.js';
import { agentOwnedScope } from '../domain/agent-scope.js';
import { clients } from './clients.js';
import { consultantReference } from './references.js';
import { paged } from './pagination.js';
import type { CustomFilter, FilterSpec, OrderSpec, RequestContext } from './types.js';

/**
 * The customer of a sale on the sales lists (`GET /ventes_orions`, `/ventes_valoriciels`,
 * `/vlps`). An agent's sale may go to a customer who is not his (another agent's, in his
 * downline or not): the row keeps the customer's name (the caller made, or his downline made, the
 * sale), but the customer's record identifiers (`@id`, `id`, `clientId`) only come when the caller
 * may open that record, i.e. when `GET /clients/{id}` would answer it (the same scope,
 * `clients.scope`); otherwise they are null and the grids show the name without a link.
 */
export interface SaleClientRow {
  id: number;
  clientId: string;
  firstName: string;
  lastName: string;
  /** Set by `withOpenableClients`; absent counts as not openable. */
  openable?: boolean;
}

export function saleClientReference(client: SaleClientRow) {
  const open = client.openable === true;
  return {
    '@id': open ? `/clients/${client.id}` : null,
    '@type': 'Client',
    id: open ? client.id : null,
    clientId: open ? client.clientId : null,
    fullName: `${client.firstName} ${client.lastName}`,
    fullNameLastNameFirst: `${client.lastName} ${client.firstName}`,
    firstName: client.firstName,
    lastName: client.lastName,
  };
}

/** A sale's consultant and customer, as every sales list writes them. */
export const saleParties = (row: {
  consultant: Parameters<typeof consultantReference>[0];
  client: SaleClientRow;
}) => ({
  consultant: consultantReference(row.consultant),
  client: saleClientReference(row.client),
});

/** The financial product of an investment or VLP sale's row. */
export interface SaleProductRow {
  product: { name: string; providerName: string };
}

export const saleProductReference = ({ product }: SaleProductRow) => ({
  productName: product.name,
  providerName: product.providerName,
});

/**
 * Marks each row's customer `openable` when he is in the customers' scope of the caller: for
 * staff every one (no query), for an agent one query by primary key for the page.
 */
export async function withOpenableClients<Row extends { client: SaleClientRow }>(
  rows: Row[],
  context: RequestContext,
): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const scope = await clients.scope(context);
  let openable: Set<number> | undefined;
  if (scope !== undefined) {
    const ids = [...new Set(rows.map((row) => row.client.id))];
    const found = await context.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(sql`${customers.id} = any(${intArray(ids)})`, scope));
    openable = new Set(found.map((row) => row.id));
  }
  return rows.map((row) => ({
    ...row,
    client: { ...row.client, openable: openable ? openable.has(row.client.id) : true },
  }));
}

/**
 * `client.id` (or `client.id[]`) of a sales list names a customer the caller may open: any
 * other id gives an empty list, so the filter cannot tell which record a sale went to. Added to
 * the resource's exact `client.id` filter, which parses the ids.
 */
export function openableClientFilters(customerId: Column): CustomFilter[] {
  const apply = async (_: unknown, context: RequestContext) => {
    const scope = await clients.scope(context);
    return scope && sql`${customerId} in (select ${customers.id} from ${customers} where ${scope})`;
  };
  return [
    { kind: 'custom', param: 'client.id', apply },
    { kind: 'custom', param: 'client.id[]', apply },
  ];
}

/**
 * What the three sales lists share: the sale's agent and customer (their joins, filters and
 * orders; with `product`, the name the list gives it, its product and provider too), the page
 * (`itemsPerPage` by default, at most 100, `pagination=false` up to 100), the agent-owned scope
 * with the team as `cgpId`, the customers the caller may open.
 */
export function saleListParts<
  T extends PgTable & { id: PgColumn; agentId: Column; customerId: Column; productId?: Column },
>(sale: T, options: { itemsPerPage: number; product?: string }) {
  const filters: FilterSpec[] = [
    { kind: 'exact', param: 'consultant.id', expr: sale.agentId, valueType: 'integer' },
    { kind: 'exact', param: 'client.id', expr: sale.customerId, valueType: 'integer' },
    ...openableClientFilters(sale.customerId),
  ];
  const joins: Record<string, (q: PgSelect) => PgSelect> = {
    consultant: (q) => q.innerJoin(agents, eq(agents.id, sale.agentId)),
    client: (q) => q.innerJoin(customers, eq(customers.id, sale.customerId)),
  };
  const orders: Record<string, OrderSpec> = {
    'consultant.lastname': { expr: agents.lastname, joins: ['consultant'] },
    'client.lastName': { expr: customers.lastName, joins: ['client'] },
  };
  const { product } = options;
  if (product !== undefined && sale.productId) {
    const productId = sale.productId;
    joins.product = (q) => q.innerJoin(financialProducts, eq(financialProducts.id, productId));
    joins.provider = (q) =>
      q.innerJoin(financialProviders, eq(financialProviders.id, financialProducts.providerId));
    orders[`${product}.productName`] = { expr: financialProducts.name, joins: ['product'] };
    orders[`${product}.providerName`] = {
      expr: financialProviders.name,
      joins: ['product', 'provider'],
    };
  }
  const pagination = paged(options.itemsPerPage);
  return {
    /** The sales table, its key and the joins its filters and orders name. */
    source: { table: sale, id: sale.id, joins },
    filters,
    orders,
    listing: {
      pagination,
      scope: agentOwnedScope(sale.agentId, { teamParam: 'cgpId' }),
      expand: withOpenableClients,
    },
  };
}

/** The columns of a sales list's product. */
export const productFields = {
  name: financialProducts.name,
  providerName: financialProviders.name,
};

/** A real-estate sale's remuneration, status and step dates, as the list and a customer's sales read them. */
export const realEstateProgressFields = {
  baseRemuneration: realEstateSales.baseRemuneration,
  advStatus: realEstateSales.advStatus,
  optionDate: realEstateSales.optionDate,
  bookingSignatureDate: realEstateSales.bookingSignatureDate,
  bankAgreementDate: realEstateSales.bankAgreementDate,
  deedDate: realEstateSales.deedDate,
  cancellationDate: realEstateSales.cancellationDate,
};

type DataOf<T> = T extends { _: { data: infer D } } ? D : never;

/** A sales list's row: its own columns' values, the agent, the customer (and `Nested`). */
export type SaleRowOf<Fields, Nested = unknown> = {
  [K in Exclude<keyof Fields, 'consultant' | 'client' | keyof Nested>]: DataOf<Fields[K]>;
} & {
  consultant: Parameters<typeof consultantReference>[0];
  client: SaleClientRow;
} & Nested;
