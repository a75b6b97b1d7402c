import { REQUIRED } from '@portal/api/generated/field-messages';
import { optionsOf } from './options';

/**
 * French copy used by several features (spec part 1 §8), defined once. A feature's own
 * `messages.ts` spreads it, so screens keep reading `messages.required`.
 */
export const commonMessages = {
  required: REQUIRED,
  tooLong: (max: number) => `Ce champ doit contenir au plus ${max} caractères.`,
  loading: 'Chargement…',
  /** Under a list that loads more as the user scrolls, for keyboards. */
  loadMore: 'Charger plus',
  errorPrefix: 'Une erreur est survenue : ',
  error: (message: string) => `Une erreur est survenue : ${message}`,
  save: 'Enregistrer',
  cancel: 'Annuler',
  edit: 'Modifier',
  delete: 'Supprimer',
  filter: 'Filtrer',
  reset: 'Réinitialiser',
  filters: 'Filtres',
  /** The phone's button over a collapsed filter form, with the count of filters set. */
  filtersToggle: (count: number) => (count ? `Filtres (${count})` : 'Filtres'),
  /** The bulk-action bar's count. */
  selection: (count: number) =>
    `${count} ligne${count > 1 ? 's' : ''} sélectionnée${count > 1 ? 's' : ''}`,
  /** Beside a text filter: the contract's limit. */
  maxLengthHint: (max: number) => `${max} caractères au plus.`,
} as const;

/** The agent profile's labels (the account page and the agent detail). */
export const profileMessages = {
  birthday: 'Date de naissance',
  registerDate: "Date d'entrée dans le réseau",
  phone: 'Téléphone',
  email: 'Adresse e-mail',
  qualification: 'Qualification',
  level: (level: number) => `Niveau ${level} sur 3`,
  habilitations: 'Habilitations',
  iobsp: 'IOBSP',
  ias: 'IAS',
  cif: 'CIF',
  orias: 'Numéro ORIAS',
  oriasEnd: 'Fin de validité ORIAS',
  notSet: 'Non renseigné',
} as const;

/** Training labels shared by the personal and the team training pages (spec §2 and §5). */
export const trainingLabels = {
  /** The participant statuses as shown. */
  participantStatuses: {
    TRAINED: 'Consultant',
    INVITED: 'Invité',
    COHOST: 'Co-animateur',
    HOST: 'Animateur',
    TRAINER: 'Formateur',
  },
  validations: optionsOf({ '': 'Toutes', true: 'Validées', false: 'Non validées' }),
  statutParticipant: 'Statut participant',
  validation: 'Validation de la formation',
  recommended: 10,
  ofRecommended: (count: number) => `${count} / 10`,
} as const;

/** Labels of the kit's French date field (`@portal/ui/date-field`). */
export const dateFieldLabels = {
  openCalendar: 'Choisir une date',
  clear: 'Effacer la date',
  invalid: 'Saisissez une date au format JJ/MM/AAAA.',
  /** Said by the 'au' field of a range (`@portal/ui/date-range-field`). */
  endBeforeStart: 'La date de fin précède la date de début.',
  placeholder: 'JJ/MM/AAAA',
} as const;

/** Labels of the kit's pagination (`@portal/ui/pagination`). */
export const paginationLabels = {
  first: 'Première page',
  previous: 'Précédent',
  next: 'Suivant',
  last: 'Dernière page',
  page: (page: number) => `Page ${page}`,
} as const;
