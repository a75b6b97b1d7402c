// What the sales screens' tests share: the agent and the customer their sales name.

export const saleConsultant = {
  '@id': '/consultants/1',
  id: 1,
  idCgp: 'CGP0001',
  fullName: 'Claire Martin',
};

/** The agent's own customer: the sale links to his record. */
export const saleClient = {
  '@id': '/clients/9',
  id: 9,
  clientId: 'CLI-9',
  fullName: 'Élodie Bernard',
  fullNameLastNameFirst: 'Bernard Élodie',
  firstName: 'Élodie',
  lastName: 'Bernard',
};
