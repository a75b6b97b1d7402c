import { commonMessages, trainingLabels } from '../common';

/** French copy of the personal training page (spec part 1 §2, §5 and §9). */
export const messages = {
  ...commonMessages,
  ...trainingLabels,
  title: 'Mes formations',
  filtersLabel: 'Filtres de mes formations',
  exercice: 'Exercice',
  allYears: 'Tous',
  any: 'Tous',
  models: 'Formations et événements',
  city: 'Ville',
  grid: 'Liste de mes formations',
  training: 'Formation',
  event: 'Événement',
  date: 'Date',
  statutInscription: 'Statut inscription',
  validated: 'Validée',
  yes: 'Oui',
  no: 'Non',
  totalTitle: (year: number) => `Formations validées — exercice ${year}`,
  totalHint:
    'Les formations sont les ateliers du Trainer’s Club ; 10 sont recommandées par exercice (1er novembre au 31 octobre). Le total est mis à jour chaque mois.',
  empty: 'Aucune formation ne correspond à ces filtres.',
  none: 'Aucune formation pour le moment.',
  totalRows: (total: number) =>
    `${total.toLocaleString('fr-FR')} participation${total > 1 ? 's' : ''}`,
} as const;
