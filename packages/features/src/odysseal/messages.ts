/** French copy of the training-platform (Odysseal) pages, from spec part 1 §4, §5. */
export const messages = {
  title: 'Rôles Odysseal',
  intro: 'Rôle de chaque profil sur la plateforme de formation.',
  profile: 'Profil',
  role: 'Rôle sur la plateforme',
  roleOf: (profile: string) => `Rôle du profil ${profile}`,
  none: 'Aucun',
  noProfile: 'Aucun profil pour le moment.',
  roles: {
    ROLE_ADMIN: 'Administrateur',
    ROLE_TRAINED: 'Formée',
    ROLE_TRAINER: 'Formateur',
    ROLE_RP: 'Responsable de pôle',
  },
  oneAdminRequired: 'Vous devez sélectionnez au moins un administrateur',
  save: 'Enregistrer',
  saved: 'Modification réussie.',
  loading: 'Chargement…',
  errorPrefix: 'Une erreur est survenue : ',
} as const;
