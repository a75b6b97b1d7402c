import { commonMessages, countOf, gridTexts, trainingLabels } from '../common';

/** French copy of the team training report (spec part 2 §2 and §9; labels it leaves open). */
export const trainingMessages = {
  ...commonMessages,
  ...trainingLabels,
  title: 'Formations de mon équipe',
  exportCounts: 'Export formation équipe',
  exportDetails: 'Export détail équipe',
  explanations: [
    'Les formations sont les ateliers du Trainer’s Club : 10 formations sont recommandées par exercice.',
    'Les événements sont les trois grands événements du réseau, les ateliers partenaires et les cercles.',
  ],
  /** One rule everywhere (docs/decisions/05-network-data.md): an exercice is named by the year it ends in. */
  exerciceRule: (year: number) =>
    `L’exercice ${year} court du 1er novembre ${year - 1} au 31 octobre ${year}.`,
  filtersLabel: 'Filtres des formations de l’équipe',
  exercice: 'Exercice',
  allYears: 'Tous',
  any: 'Tous',
  consultant: 'Consultant',
  parrain: 'Parrain',
  formation: 'Formation',
  event: 'Événement',
  ville: 'Ville',
  dateDebut: 'Date de début',
  statutInscription: 'Statut inscription',
  registerDate: 'Date d’inscription',
  countsGrid: gridTexts('Formations et événements par consultant', 'participation', {
    feminine: true,
    total: countOf('consultant'),
    title: 'Formation Equipe',
  }),
  detailsGrid: gridTexts('Participations de l’équipe', 'participation', {
    feminine: true,
    title: 'Détail Equipe',
  }),
  formations: 'Formations',
  events: 'Événements',
  total: 'Total',
} as const;
