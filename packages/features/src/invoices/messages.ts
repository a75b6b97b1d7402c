import { commonMessages } from '../common';

/** French copy of Mes Factures (scaffolded: take the labels verbatim from the spec). */
export const messages = {
  ...commonMessages,
  title: 'Mes Factures',
  filtersLabel: 'Filtres de la liste',
  label: 'Libellé',
  grid: 'Liste : Mes Factures',
  none: 'Aucun élément pour le moment.',
  empty: 'Aucun élément ne correspond à ces filtres.',
  total: (total: number) => `${total.toLocaleString('fr-FR')} élément${total > 1 ? 's' : ''}`,
} as const;
