import { and, sql, type Column } from 'drizzle-orm';
import { customers } from '../db/schema.js';
import { intArray } from '../db/int-array.js';
import { clients } from './clients.js';
import type { CustomFilter, RequestContext } from './types.js';

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
