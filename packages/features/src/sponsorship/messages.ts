import { commonMessages, gridTexts } from '../common';

/** French copy of sponsorship tracking (spec part 2 §2, §3 and §4; labels the spec leaves open). */
export const messages = {
  ...commonMessages,
  title: 'Suivi des filleuls',
  filtersLabel: 'Filtres des filleuls',
  lastName: 'Nom',
  firstName: 'Prénom',
  sponsor: 'Parrain',
  step: 'Étape',
  anyStep: 'Toutes',
  directGrid: gridTexts('Liste de mes filleuls directs', 'filleul', {
    title: 'Mes filleuls directs',
  }),
  allGrid: gridTexts('Liste des filleuls de mes équipes', 'filleul', {
    title: 'Toutes mes équipes',
  }),
  stepOf: (step: number, name: string) => `${step}. ${name}`,
  flowTitle: (name: string) => `Parcours d’inscription de ${name}`,
  flowHint: 'Choisissez un filleul dans une liste pour voir son parcours d’inscription.',
  close: 'Fermer le parcours',
  notFound: 'Ce parcours n’existe pas ou ne fait pas partie de vos équipes.',
  documentLegend: 'Documents',
  /** Spec part 2 §4: 'En attente' is shown 'À venir'. */
  stepStatuses: {
    Terminé: 'Terminé',
    'En cours': 'En cours',
    'En attente': 'À venir',
    Annulé: 'Annulé',
  },
  documentStatuses: ['Validé', 'En cours de validation', 'manquant', 'Refusé'] as const,
} as const;
