import { commonMessages } from '../common';

/** French copy of the customers screens (spec part 1 §2; labels the spec leaves open). */
export const messages = {
  ...commonMessages,
  myTitle: 'Mes clients',
  networkTitle: 'Clients du réseau',
  filtersLabel: 'Filtres des clients',
  lastName: 'Nom',
  firstName: 'Prénom',
  zipCode: 'Code postal',
  years: 'Années',
  allYears: 'Toutes',
  type: 'Type de vente',
  types: [
    { value: '', label: 'Toutes' },
    { value: 'realEstate', label: 'Immobilier' },
    { value: 'investment', label: 'Placement' },
  ],
  grid: 'Liste des clients',
  agent: 'Mandataire',
  clientId: 'N° client',
  dueRealEstate: 'Immobilier acté',
  outstandingRealEstate: 'Immobilier en cours',
  actedInvestments: 'Placements validés',
  outstandingInvestments: 'Placements en cours',
  lastReminder: 'Dernier rappel',
  nextReminder: 'Prochain rappel',
  empty: 'Aucun client ne correspond à ces filtres.',
  total: (total: number) => `${total.toLocaleString('fr-FR')} client${total > 1 ? 's' : ''}`,
} as const;
