import { commonMessages } from '../common';

/** French copy of the customers screens (spec part 1 §2; labels the spec leaves open). */
export const messages = {
  ...commonMessages,
  myTitle: 'Mes clients',
  networkTitle: 'Clients du réseau',
  filtersLabel: 'Filtres des clients',
  years: 'Exercices',
  allYears: 'Tous',
  type: 'Type de vente',
  types: [
    { value: '', label: 'Toutes' },
    { value: 'realEstate', label: 'Immobilier' },
    { value: 'investment', label: 'Placement' },
  ],
  grid: 'Liste des clients',
  empty: 'Aucun client ne correspond à ces filtres.',
  none: 'Aucun client pour le moment.',
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
  total: (total: number) => `${total.toLocaleString('fr-FR')} client${total > 1 ? 's' : ''}`,
} as const;
