/** Embedded references shared by several resources (consultant and client list items). */

export function consultantReference(agent: {
  id: number;
  cgpId: string;
  valoricielId: string | null;
  firstname: string;
  lastname: string;
}) {
  return {
    '@id': `/consultants/${agent.id}`,
    '@type': 'Consultant',
    id: agent.id,
    idCgp: agent.cgpId,
    fullName: `${agent.firstname} ${agent.lastname}`,
    valoricielId: agent.valoricielId,
  };
}

export function clientReference(client: {
  id: number;
  clientId: string;
  firstName: string;
  lastName: string;
}) {
  return {
    '@id': `/clients/${client.id}`,
    '@type': 'Client',
    id: client.id,
    clientId: client.clientId,
    fullName: `${client.firstName} ${client.lastName}`,
    fullNameLastNameFirst: `${client.lastName} ${client.firstName}`,
    firstName: client.firstName,
    lastName: client.lastName,
  };
}
