import { and, or, sql, type Column, type SQL } from 'drizzle-orm';
import { accessOf } from '../access/principal-access.js';
import { agents, customers } from '../db/schema.js';
import { agentOwnedScope } from '../domain/agent-scope.js';
import { selfAndDownlineSql } from '../domain/downline.js';
import { teamHead } from '../domain/teams.js';
import { clientReference, consultantReference } from './references.js';
import type { PaginationSpec, RequestContext, ResourceSpec } from './types.js';
import { escapeLike, invalidValue } from './values.js';

/**
 * Pickers search after more than 3 characters (spec part 2 §9) and show the first matches:
 * `pagination=false` gives at most 30, by name.
 */
const PICKER_PAGINATION: PaginationSpec = {
  itemsPerPage: 30,
  maxItemsPerPage: 30,
  clientDisable: true,
  disabledCap: 30,
};

/**
 * `fullName`: every word of the search is in the first or the last name, in any order and
 * case ('claire mar' finds Claire Martin and Martin Claire).
 */
export function fullNameFilter(lastName: Column | SQL, firstName: Column | SQL) {
  return (value: unknown): SQL | undefined => {
    if (typeof value !== 'string') throw invalidValue('fullName', value);
    const words = value.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
    if (words.length === 0) return undefined;
    return and(
      ...words.map((word) => {
        const pattern = `%${escapeLike(word)}%`;
        return or(sql`${lastName} like ${pattern}`, sql`${firstName} like ${pattern}`)!;
      }),
    );
  };
}

const clientFields = {
  id: customers.id,
  clientId: customers.clientId,
  lastName: customers.lastName,
  firstName: customers.firstName,
};
type ClientRow = { id: number; clientId: string; lastName: string; firstName: string };

/** `GET /clients`: the client picker, within the caller's customers (staff: all). */
export const clientPicker: ResourceSpec<typeof clientFields, ClientRow> = {
  path: '/clients',
  type: 'Client',
  table: customers,
  id: customers.id,
  fields: clientFields,
  joins: {},
  filters: [
    {
      kind: 'custom',
      param: 'fullName',
      apply: fullNameFilter(customers.lastNameFolded, customers.firstNameFolded),
    },
    { kind: 'exact', param: 'id', expr: customers.id, valueType: 'integer' },
  ],
  orders: { lastName: customers.lastName, firstName: customers.firstName },
  defaultOrder: [
    ['lastName', 'asc'],
    ['firstName', 'asc'],
  ],
  pagination: PICKER_PAGINATION,
  scope: agentOwnedScope(customers.agentId),
  serialize: (row) => clientReference(row),
};

const consultantFields = {
  id: agents.id,
  cgpId: agents.cgpId,
  valoricielId: agents.valoricielId,
  firstname: agents.firstname,
  lastname: agents.lastname,
};
type ConsultantRow = {
  id: number;
  cgpId: string;
  valoricielId: string | null;
  firstname: string;
  lastname: string;
};

/** Staff pick any agent; an agent himself or someone of his downline (team filters). */
async function consultantScope({ db, principal }: RequestContext): Promise<SQL | undefined> {
  const { isAgent } = await accessOf(db, principal);
  if (!isAgent) return undefined;
  const own = principal.user.agentId;
  return own === null ? sql`false` : sql`${agents.id} in ${selfAndDownlineSql(own)}`;
}

/** Equal ignoring case and surrounding spaces; an empty value is no filter. */
const sameText = (column: Column) => (value: unknown) =>
  typeof value === 'string' && value.trim() !== ''
    ? sql`lower(${column}) = ${value.trim().toLowerCase()}`
    : undefined;

/** `GET /consultants`: the agent picker. */
export const consultantPicker: ResourceSpec<typeof consultantFields, ConsultantRow> = {
  path: '/consultants',
  type: 'Consultant',
  table: agents,
  id: agents.id,
  fields: consultantFields,
  joins: {},
  filters: [
    {
      kind: 'custom',
      param: 'fullName',
      apply: fullNameFilter(sql`lower(${agents.lastname})`, sql`lower(${agents.firstname})`),
    },
    { kind: 'exact', param: 'idCgp', expr: agents.cgpId },
    // 'Rechercher ID CGP' of the user form: the agent of this address and name, any case.
    { kind: 'custom', param: 'email', apply: sameText(agents.email) },
    { kind: 'custom', param: 'lastName', apply: sameText(agents.lastname) },
    { kind: 'custom', param: 'firstName', apply: sameText(agents.firstname) },
    { kind: 'exact', param: 'status', expr: agents.status },
  ],
  orders: { lastname: agents.lastname, firstname: agents.firstname },
  defaultOrder: [
    ['lastname', 'asc'],
    ['firstname', 'asc'],
  ],
  pagination: PICKER_PAGINATION,
  scope: consultantScope,
  serialize: (row) => consultantReference(row),
};

/**
 * The sponsor picker's reach: staff the network, an agent himself and his downline; with
 * `fromAgent` (a CGP id) that agent's team, which an agent may name only inside his own (403
 * beyond, unknown ids included, as every team view: `teamHead`). Only sponsors: agents with at
 * least one godchild (the picker chooses whose team to show).
 */
async function sponsorScope({ db, principal, query }: RequestContext): Promise<SQL | undefined> {
  const head = await teamHead(db, principal, query.fromAgent);
  if (head.empty) return sql`false`;
  const sponsors = sql`exists (select 1 from agents godchild where godchild.sponsor_id = ${agents.id})`;
  return head.id === null
    ? sponsors
    : and(sql`${agents.id} in ${selfAndDownlineSql(head.id)}`, sponsors);
}

/** `GET /temp_cgps`: the team filter's sponsor picker (`fromAgent`: docs/decisions/11-teams-and-agent-detail.md). */
export const sponsorPicker: ResourceSpec<typeof consultantFields, ConsultantRow> = {
  ...consultantPicker,
  path: '/temp_cgps',
  filters: [
    {
      kind: 'custom',
      param: 'fullName',
      apply: fullNameFilter(sql`lower(${agents.lastname})`, sql`lower(${agents.firstname})`),
    },
  ],
  scope: sponsorScope,
};
