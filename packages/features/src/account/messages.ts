/** French copy of the account pages. */
export const messages = {
  title: 'Mon compte',
  identity: 'Identité',
  fullName: 'Nom',
  email: 'Adresse e-mail',
  profile: 'Profil',
  cgpId: 'Identifiant CGP',
  loading: 'Chargement…',
  errorPrefix: 'Une erreur est survenue : ',
} as const;
