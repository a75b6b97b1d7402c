import { commonMessages, gridTexts, optionsOf } from '../common';

/** French copy of the customers screens (spec part 1 §2; labels the spec leaves open). */
export const messages = {
  ...commonMessages,
  myTitle: 'Mes clients',
  networkTitle: 'Clients du réseau',
  filtersLabel: 'Filtres des clients',
  years: 'Exercices',
  allYears: 'Tous',
  type: 'Type de vente',
  types: optionsOf({ '': 'Toutes', realEstate: 'Immobilier', investment: 'Placement' }),
  grid: gridTexts('Liste des clients', 'client'),
  backToList: 'Retour à la liste',
  infos: 'Informations',
  invoices: 'Factures',
  notFound: "Ce client n'existe pas ou ne fait pas partie de vos clients.",
  realEstateGrid: 'Ventes immobilières du client',
  realEstateTitle: 'Immobilier',
  investmentGrid: 'Placements du client',
  investmentTitle: 'Placements',
  noRealEstate: 'Aucune vente immobilière pour ces exercices.',
  noInvestment: 'Aucun placement pour ces exercices.',
} as const;
