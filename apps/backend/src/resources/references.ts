import { agents, customers } from '../db/schema.js';
import { withJsonLdIdentity } from './iris.js';

/** Embedded references shared by several resources (consultant and client list items). */

/** The columns `consultantReference` needs (the resource joins `agents`). */
export const consultantFields = {
  id: agents.id,
  cgpId: agents.cgpId,
  valoricielId: agents.valoricielId,
  firstname: agents.firstname,
  lastname: agents.lastname,
};

/** The columns `clientReference` needs (the resource joins `customers`). */
export const clientFields = {
  id: customers.id,
  clientId: customers.clientId,
  firstName: customers.firstName,
  lastName: customers.lastName,
};

export function consultantReference(agent: {
  id: number;
  cgpId: string;
  valoricielId: string | null;
  firstname: string;
  lastname: string;
}) {
  return withJsonLdIdentity('/consultants', 'Consultant', agent.id, {
    idCgp: agent.cgpId,
    fullName: agentFullName(agent),
    valoricielId: agent.valoricielId,
  });
}

export function clientReference(client: {
  id: number;
  clientId: string;
  firstName: string;
  lastName: string;
}) {
  return withJsonLdIdentity('/clients', 'Client', client.id, {
    clientId: client.clientId,
    fullName: clientFullName(client),
    fullNameLastNameFirst: `${client.lastName} ${client.firstName}`,
    firstName: client.firstName,
    lastName: client.lastName,
  });
}

/** How every answer and file names an agent: first name, then last name. */
export const agentFullName = (agent: { firstname: string; lastname: string }) =>
  `${agent.firstname} ${agent.lastname}`;

/** How every answer and file names a customer (the pickers also offer last name first). */
export const clientFullName = (client: { firstName: string; lastName: string }) =>
  `${client.firstName} ${client.lastName}`;
