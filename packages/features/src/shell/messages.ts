/** French copy of the signed-in frame. */
export const messages = {
  loading: 'Chargement…',
  mainMenu: 'Menu principal',
  menuToggle: 'Menu',
  linksSection: 'Liens utiles',
  newTab: '(nouvel onglet)',
  signOut: 'Se déconnecter',
  returnToMySession: 'Revenir à ma session',
  errorPrefix: 'Une erreur est survenue : ',
} as const;
