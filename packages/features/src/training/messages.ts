import { commonMessages, countOf, gridTexts, trainingLabels } from '../common';

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
  grid: gridTexts('Liste de mes formations', 'formation', {
    feminine: true,
    total: countOf('participation'),
  }),
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
} as const;
