import { commonMessages } from '../common';

/** French copy of the team training report (spec part 2 §2 and §9; labels it leaves open). */
export const trainingMessages = {
  ...commonMessages,
  title: 'Formations de mon équipe',
  exportCounts: 'Export formation équipe',
  exportDetails: 'Export détail équipe',
  explanations: [
    'Les formations sont les ateliers du Trainer’s Club : 10 formations sont recommandées par exercice.',
    'Les événements sont les trois grands événements du réseau, les ateliers partenaires et les cercles.',
    'Un exercice court du 1er novembre N au 31 octobre N+1.',
  ],
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
  statutParticipant: 'Statut participant',
  statutInscription: 'Statut inscription',
  registerDate: 'Date d’inscription',
  validation: 'Validation de la formation',
  validations: [
    { value: '', label: 'Toutes' },
    { value: 'true', label: 'Validées' },
    { value: 'false', label: 'Non validées' },
  ],
  /** Spec part 2 §2: the participant statuses as shown. */
  participantStatuses: {
    TRAINED: 'Consultant',
    INVITED: 'Invité',
    COHOST: 'Co-animateur',
    HOST: 'Animateur',
    TRAINER: 'Formateur',
  },
  countsTitle: 'Formation Equipe',
  detailsTitle: 'Détail Equipe',
  countsGrid: 'Formations et événements par consultant',
  detailsGrid: 'Participations de l’équipe',
  formations: 'Formations',
  events: 'Événements',
  total: 'Total',
  recommended: 10,
  ofRecommended: (count: number) => `${count} / 10`,
  empty: 'Aucune participation ne correspond à ces filtres.',
  totalAgents: (total: number) =>
    `${total.toLocaleString('fr-FR')} consultant${total > 1 ? 's' : ''}`,
  totalParticipations: (total: number) =>
    `${total.toLocaleString('fr-FR')} participation${total > 1 ? 's' : ''}`,
} as const;
